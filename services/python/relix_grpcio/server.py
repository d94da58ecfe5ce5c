"""The grpcio server: the workloads' handlers, grpc.health.v1 kept in step with Redis and MySQL
reachability, server reflection, and the HTTP side port."""

import threading
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from relix_common.http_rules import MAX_MESSAGE_BYTES
from relix_common.runtime import ServiceRuntime

from .handlers import generic_handlers, served_services

# The pause between two readiness checks; a check itself answers within 1.5 s.
READINESS_INTERVAL_S = 2.0


class ReadinessTracker:
    """Sets the overall health status from Redis + MySQL reachability, like REST's /readyz; the next
    check starts only once the last has answered, so a hung store never piles checks up."""

    def __init__(self, servicer: health.HealthServicer, runtime: ServiceRuntime):
        self._servicer = servicer
        self._runtime = runtime
        self._stopped = threading.Event()
        threading.Thread(target=self._run, daemon=True, name="relix-health").start()

    def _run(self) -> None:
        while not self._stopped.is_set():
            ready = self._runtime.repository.check_ready()
            status = health_pb2.HealthCheckResponse.SERVING if ready["cache"] and ready["store"] \
                else health_pb2.HealthCheckResponse.NOT_SERVING
            if not self._stopped.is_set():
                self._servicer.set("", status)
            self._stopped.wait(READINESS_INTERVAL_S)

    def stop(self) -> None:
        self._stopped.set()


def build_server(runtime: ServiceRuntime, max_workers: int) -> tuple[grpc.Server, ReadinessTracker]:
    # The image and upload workloads carry megabytes: both limits set on purpose, as grpc-api does.
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="relix-grpc"),
        options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                 ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
                 # grpcio shares a port with any other process by default (SO_REUSEPORT): a second
                 # server must fail to start, not silently take half the calls.
                 ("grpc.so_reuseport", 0)],
    )
    server.add_generic_rpc_handlers(generic_handlers(runtime))
    health_servicer = health.HealthServicer()
    health_servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = served_services() + [health.SERVICE_NAME, reflection.SERVICE_NAME]
    reflection.enable_server_reflection(names, server)
    return server, ReadinessTracker(health_servicer, runtime)
