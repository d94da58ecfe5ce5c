"""gunicorn's threaded worker (gthread), counting every byte its connections read and write, so
/stats reports wire bytes at the socket as the Node stacks do (headers and chunk framing
included). gunicorn reads with recv() and writes with send()/sendall(); each accepted socket is
rebuilt as a socket subclass that counts those calls, and is otherwise the same socket."""

import socket

from gunicorn.workers.gthread import ThreadWorker


class CountingSocket(socket.socket):
    wire = None  # set per worker class below

    def recv(self, bufsize, flags=0):
        data = super().recv(bufsize, flags)
        self.wire.received(len(data))
        return data

    def recv_into(self, buffer, nbytes=0, flags=0):
        count = super().recv_into(buffer, nbytes, flags)
        self.wire.received(count)
        return count

    def send(self, data, flags=0):
        count = super().send(data, flags)
        self.wire.sent(count)
        return count

    def sendall(self, data, flags=0):
        super().sendall(data, flags)
        self.wire.sent(len(data))

    def close(self):
        if self.fileno() != -1:
            self.wire.closed()
        super().close()


class _CountingListener:
    """The listener as gunicorn's accept() sees it: accepted sockets come back counting."""

    def __init__(self, listener, socket_class):
        self._listener = listener
        self._socket_class = socket_class

    def accept(self):
        client, address = self._listener.accept()
        counted = self._socket_class(client.family, client.type, client.proto, fileno=client.detach())
        counted.wire.opened()
        return counted, address

    def __getattr__(self, name):
        return getattr(self._listener, name)


class CountingThreadWorker(ThreadWorker):
    def init_process(self):
        # The app is loaded here (after the fork), and with it this worker's telemetry.
        self._socket_class = None
        super().init_process()

    def accept(self, listener):
        if self._socket_class is None:
            wire = self.wsgi.extensions["relix_runtime"].telemetry.wire
            self._socket_class = type("WorkerCountingSocket", (CountingSocket,), {"wire": wire})
        return super().accept(_CountingListener(listener, self._socket_class))
