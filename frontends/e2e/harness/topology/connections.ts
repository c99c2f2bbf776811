import type net from 'node:net';

/**
 * The open sockets of a server (and any others `add`ed), destroyed at once by `destroyAll`: tearing down a Service
 * or the Ingress never waits for a kept-alive or upgraded connection some client forgot to close (a server's
 * `close()` alone waits for every one of them).
 */
export function openConnections(server: net.Server) {
  const sockets = new Set<net.Socket>();
  const add = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  server.on('connection', add);
  return {
    add,
    destroyAll(): void {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}
