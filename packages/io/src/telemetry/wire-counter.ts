import type { Socket } from "node:net";

/**
 * Bytes on the wire, counted at the server's sockets: headers, HTTP/2 framing and HPACK included.
 * Live sockets are read when asked; closed ones are folded into the totals as they close.
 */
export function createWireCounter() {
  const live = new Set<Socket>();
  let closedReceived = 0;
  let closedSent = 0;
  let opened = 0;

  return {
    track(socket: Socket) {
      opened++;
      live.add(socket);
      socket.once("close", () => {
        closedReceived += socket.bytesRead;
        closedSent += socket.bytesWritten;
        live.delete(socket);
      });
    },
    snapshot() {
      let received = closedReceived;
      let sent = closedSent;
      for (const socket of live) {
        received += socket.bytesRead;
        sent += socket.bytesWritten;
      }
      return { bytesReceived: received, bytesSent: sent, connectionsOpened: opened, openConnections: live.size };
    },
  };
}
export type WireCounter = ReturnType<typeof createWireCounter>;
