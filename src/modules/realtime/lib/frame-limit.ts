import type WebSocket from 'ws';

type WithReceiver = { _receiver?: { _maxPayload: number } };

/**
 * The largest message `ws` accepts on this connection from now on; a bigger one is refused from its
 * frame header, before any of it is buffered, and the connection closes with 1009 (Message Too Big).
 * ws takes that limit once per server (`maxPayload`) and keeps it on each connection's receiver; a
 * connection still authenticating gets a smaller one there. frame-limit.spec.ts checks this against
 * the installed ws: should the receiver move, the server-wide limit still holds.
 */
export function limitFrames(ws: WebSocket, bytes: number): void {
  const receiver = (ws as unknown as WithReceiver)._receiver;
  if (receiver) receiver._maxPayload = bytes;
}
