"""What a Python caller pays per call of each Relix workload: encoding the request and decoding the
reply, as JSON (json.dumps / json.loads, what a requests or httpx client does) and as protobuf (the
generated _pb2 classes on protobuf's upb backend, what a grpcio client does).

upb parses into its own memory and makes a Python object only when a field is read, so parsing
alone is not what a caller that uses the reply pays: the protobuf decode here parses and then reads
every field once, as json.loads hands back every value. The parse alone is measured too
("protobuf-parse"), for a caller that reads a few fields of a large reply.

Reads the exact bytes the Node servers send from the folder named on the command line
(manifest.json lists them), says what it found on its first line of output, then answers one timing
round per line of stdin: the driver (apps/grpc-api/scripts/bench-codecs.ts) sends the rounds, so
rounds of every runtime and codec take turns and a drift of the machine hits all.

Usage: caller_codecs.py PAYLOAD_DIR GENERATED_DIR (the stubs of services/python/build.sh).
"""

import json
import os
import platform
import sys
import time


def time_round(fn, arg, min_ns):
    """Calls fn(arg) until at least min_ns of wall time have passed; returns (calls, wall ns, process
    CPU ns). CPU time is the figure: on a shared machine, wall time also counts waiting for a core.
    Batches double while the round is young, so the clocks are read a few dozen times a round (as
    the Go and Node workers do)."""
    start, cpu_start = time.perf_counter_ns(), time.process_time_ns()
    calls = 0
    batch = 1
    while True:
        for _ in range(batch):
            fn(arg)
        calls += batch
        elapsed = time.perf_counter_ns() - start
        if elapsed >= min_ns:
            return calls, elapsed, time.process_time_ns() - cpu_start
        if elapsed * 8 < min_ns:
            batch *= 2


def field_reader(fd):
    """How to read one field's value so that every Python object in it gets made."""
    repeated = fd.is_repeated if hasattr(fd, "is_repeated") else fd.label == fd.LABEL_REPEATED
    message = fd.type == fd.TYPE_MESSAGE
    if message and fd.message_type.GetOptions().map_entry:
        value_is_message = fd.message_type.fields_by_name["value"].type == fd.TYPE_MESSAGE
        return lambda value: [read_every_field(v) if value_is_message else v for v in value.values()]
    if message:
        return (lambda value: [read_every_field(v) for v in value]) if repeated else read_every_field
    return (lambda value: list(value)) if repeated else (lambda value: value)


field_readers = {}


def read_every_field(message):
    for fd, value in message.ListFields():
        reader = field_readers.get(fd.full_name)
        if reader is None:
            reader = field_readers[fd.full_name] = field_reader(fd)
        reader(value)
    return message


def json_encode(value):
    # What requests and httpx send for json=...: json.dumps with its defaults, as UTF-8 bytes.
    return json.dumps(value).encode("utf-8")


def message_class(name):
    from google.protobuf import descriptor_pool, message_factory

    return message_factory.GetMessageClass(descriptor_pool.Default().FindMessageTypeByName(name))


def load_codecs(folder, workload):
    def read(name):
        if not name:
            return None
        with open(os.path.join(folder, name), "rb") as f:
            return f.read()

    reply_class = message_class(workload["replyMessage"])
    request_class = message_class(workload["requestMessage"])
    reply_json, reply_pb = read(workload["reply"]["json"]), read(workload["reply"]["protobuf"])
    request_json, request_pb = read(workload["request"]["json"]), read(workload["request"]["protobuf"])

    # Each entry: (encode fn, its argument) or None, (decode fn, its argument), encoded request bytes.
    codecs = {}
    json_request = json.loads(request_json) if request_json is not None else None
    json.loads(reply_json)
    codecs["json"] = {
        "encode": (json_encode, json_request) if request_json is not None else None,
        "decode": (json.loads, reply_json),
        "encodedRequestBytes": len(json_encode(json_request)) if request_json is not None else None,
    }
    pb_request = request_class.FromString(request_pb) if request_pb is not None else None
    reply_class.FromString(reply_pb)
    codecs["protobuf"] = {
        "encode": (request_class.SerializeToString, pb_request) if request_pb is not None else None,
        "decode": (lambda b: read_every_field(reply_class.FromString(b)), reply_pb),
        "encodedRequestBytes": len(pb_request.SerializeToString()) if request_pb is not None else None,
    }
    # The same encode as "protobuf": measured once, there.
    codecs["protobuf-parse"] = {"encode": None, "decode": (reply_class.FromString, reply_pb), "encodedRequestBytes": None}
    return codecs


def write_line(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def main():
    if len(sys.argv) != 3:
        write_line({"error": "usage: caller_codecs.py PAYLOAD_DIR GENERATED_DIR"})
        sys.exit(1)
    folder, generated = sys.argv[1], sys.argv[2]
    sys.path.insert(0, generated)
    import google.protobuf
    from google.protobuf.internal import api_implementation

    # Importing the stubs registers every relix.v1 message in the default descriptor pool.
    from relix.v1 import bench_pb2, catalog_pb2, common_pb2, compute_pb2, meteorites_pb2, shapes_pb2  # noqa: F401

    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    codecs = {}
    for workload in manifest["workloads"]:
        try:
            codecs[workload["id"]] = load_codecs(folder, workload)
        except Exception as error:  # a payload this runtime cannot read: say which, and stop
            write_line({"error": f"{workload['id']}: {error!r}"})
            sys.exit(1)
    protobuf_library = f"protobuf {google.protobuf.__version__}, {api_implementation.Type()} backend, generated _pb2"
    write_line(
        {
            "runtime": "python",
            "version": f"{platform.python_implementation()} {platform.python_version()}",
            "codecs": [
                {"id": "json", "encoding": "json", "library": "json (the standard library, C accelerated)", "primary": True},
                {
                    "id": "protobuf",
                    "encoding": "protobuf",
                    "library": f"{protobuf_library}, decode = parse + read every field once",
                    "primary": True,
                },
                {
                    "id": "protobuf-parse",
                    "encoding": "protobuf",
                    "library": f"{protobuf_library}, decode = parse only (fields made when read)",
                    "primary": False,
                },
            ],
            "workloads": {
                workload_id: {name: {"encodedRequestBytes": c["encodedRequestBytes"]} for name, c in by_codec.items()}
                for workload_id, by_codec in codecs.items()
            },
        }
    )
    for line in sys.stdin:
        task = json.loads(line)
        entry = codecs[task["workload"]][task["codec"]][task["op"]]
        if entry is None:
            write_line({"error": f"{task['workload']}, {task['codec']}: nothing to {task['op']}"})
            sys.exit(1)
        calls, ns, cpu_ns = time_round(entry[0], entry[1], task["minNs"])
        write_line({"calls": calls, "ns": ns, "cpuNs": cpu_ns})


if __name__ == "__main__":
    main()
