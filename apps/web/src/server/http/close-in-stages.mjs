// Plain JavaScript, so that apps/web/server.mjs (which cannot import TypeScript) and the worker's callback port share it.

/** How long a closing connection waits for its client to read the last answer, and go, before it is dropped. */
const LINGER_MS = 2000;

/**
 * Makes a Node HTTP server close its connections in stages (RFC 9112 §9.6). After an answer that says
 * `connection: close` (a body refused for its size, the rest of it left unread on the wire) Node drops the connection
 * at once (`socket.destroySoon()`, lib/_http_server.js); a connection dropped while bytes still arrive is reset, and
 * the reset can erase the answer before the client has read it, which then sees a broken connection instead of the
 * refusal. Here the server ends only its side, and drops the connection once the client has gone or after LINGER_MS.
 */
export function closeInStages(server) {
  server.on("connection", (socket) => {
    socket.destroySoon = () => {
      socket.end();
      const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
      socket.once("close", () => clearTimeout(timer));
    };
  });
}
