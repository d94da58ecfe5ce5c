"""The grpcio stack's small HTTP side port, as apps/grpc-api/src/metrics-server.ts: /metrics
(Prometheus), /stats (the runner's), /healthz, and /readyz (Redis and MySQL reachable)."""

import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from relix_common.http_rules import HEALTHZ_BODY, readiness_answer, stats_answer
from relix_common.runtime import ServiceRuntime

NOT_FOUND = b'{"error":{"code":"not_found","message":"unknown path"}}'
NO_SUCH_STACK = b'{"error":{"code":"not_found","message":"this process serves no such stack"}}'


def start_metrics_server(runtime: ServiceRuntime, host: str, port: int) -> ThreadingHTTPServer:
    telemetry = runtime.telemetry

    class SidePort(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # no access log
            pass

        def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("content-type", content_type)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _answer(self, method: str) -> None:
            length = int(self.headers.get("content-length") or 0)
            if length:
                self.rfile.read(length)
            url = urlsplit(self.path) if not self.path.startswith("//") else None
            if url is None:
                return self._send(404, NOT_FOUND)
            if method != "GET" and not (method == "POST" and url.path == "/stats"):
                return self._send(405, b"", "text/plain")
            if url.path == "/metrics":
                self._send(200, telemetry.metrics_text(), telemetry.content_type)
            elif url.path == "/stats":
                stack = parse_qs(url.query).get("stack", [None])[0]
                if stack is not None and stack != telemetry.stack:
                    return self._send(404, NO_SUCH_STACK)
                self._send(*stats_answer(telemetry, method, self.headers.get))
            elif url.path == "/healthz":
                self._send(200, HEALTHZ_BODY)
            elif url.path == "/readyz":
                self._send(*readiness_answer(runtime.repository))
            else:
                self._send(404, NOT_FOUND)

        def do_GET(self) -> None:
            self._answer("GET")

        def do_POST(self) -> None:
            self._answer("POST")

        def do_PUT(self) -> None:
            self._answer("PUT")

        def do_DELETE(self) -> None:
            self._answer("DELETE")

    server = ThreadingHTTPServer((host, port), SidePort)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True, name="relix-metrics").start()
    logging.getLogger("relix").debug("metrics side port on %s:%s", host, server.server_address[1])
    return server
