"""uvicorn's httptools protocol, counting the bytes each connection reads and writes, so /stats
reports wire bytes at the socket as the Node stacks do (headers and chunk framing included)."""

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class _CountingTransport:
    """The connection's transport as the protocol sees it: writes are counted, the rest delegated."""

    def __init__(self, transport, wire):
        self._transport = transport
        self._wire = wire

    def write(self, data) -> None:
        self._wire.sent(len(data))
        self._transport.write(data)

    def writelines(self, chunks) -> None:
        for chunk in chunks:
            self.write(chunk)

    def __getattr__(self, name):
        return getattr(self._transport, name)


def counting_protocol(wire) -> type:
    """A protocol class for uvicorn's `http` setting, counting into `wire`."""

    class CountingHttpToolsProtocol(HttpToolsProtocol):
        def connection_made(self, transport) -> None:
            wire.opened()
            super().connection_made(_CountingTransport(transport, wire))

        def connection_lost(self, exc) -> None:
            wire.closed()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            wire.received(len(data))
            super().data_received(data)

    return CountingHttpToolsProtocol
