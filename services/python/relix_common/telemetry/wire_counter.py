"""Bytes on the wire, counted at the server's sockets where the server lets us (the HTTP stacks:
every recv and send of a connection, headers included); the grpcio stack counts its messages
instead (its sockets live in gRPC's C core), which it says in its README."""

import threading


class WireCounter:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.bytes_received = 0
        self.bytes_sent = 0
        self.connections_opened = 0
        self.open_connections = 0

    def received(self, count: int) -> None:
        with self._lock:
            self.bytes_received += count

    def sent(self, count: int) -> None:
        with self._lock:
            self.bytes_sent += count

    def opened(self) -> None:
        with self._lock:
            self.connections_opened += 1
            self.open_connections += 1

    def closed(self) -> None:
        with self._lock:
            self.open_connections -= 1

    def snapshot(self) -> dict:
        with self._lock:
            return {
                "bytesReceived": self.bytes_received,
                "bytesSent": self.bytes_sent,
                "connectionsOpened": self.connections_opened,
                "openConnections": self.open_connections,
            }
