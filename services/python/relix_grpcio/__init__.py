"""The `grpcio` stack: Python's grpcio server, studies 001's and 004's gRPC server."""
