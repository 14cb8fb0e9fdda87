import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientOf } from './visitor';

/** Requests a connection may have unanswered at once; one more closes it. */
export const IN_FLIGHT_PER_CONNECTION = 8;
/** How long an address whose connection was closed for pipelining has its new connections refused. */
export const PIPELINING_COOLDOWN_MS = 60_000;
/** Addresses remembered at most (the oldest forgotten first): a bound on what many addresses can grow. */
const REMEMBERED = 10_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * HTTP/1.1 lets a client write many requests on a connection before it reads an answer (pipelining), and
 * Node hands the app every request one read brings, at once: 64 connections writing 1,000 pipelined GETs
 * a second without reading held the server at full CPU on their 429s, 1.4 GB of answers waiting, and no
 * other visitor was answered for 33 s (a helper's attack, 2026-11-28). Browsers do not pipeline, nor do
 * reverse proxies towards the app.
 *
 * - `wrap`: a connection that sends a request while `limit` of its requests are unanswered is closed; that
 *   request and every later one it had sent are dropped before the app (routes, hooks, rate limit, request
 *   log) sees them.
 * - `admit` ('connection'): Node still parses every request of the read that held the one closing the
 *   connection (about 20 µs each, 1,700 in a 64 KB read): served directly, the address is then refused
 *   new connections for `cooldownMs`, before a byte of them is read, so that it cannot make Node parse
 *   read after read. Behind a trusted proxy every connection is the proxy's, which does not pipeline:
 *   nobody is refused.
 */
export class PipeliningGuard {
  private readonly unanswered = new WeakMap<Socket, number>();
  /** address -> until when its connections are refused (insertion order: the oldest first) */
  private readonly refused = new Map<string, number>();

  constructor(
    private readonly opts: {
      behindProxy: boolean;
      limit?: number;
      cooldownMs?: number;
      now?: () => number;
    },
  ) {}

  private get now(): number {
    return (this.opts.now ?? Date.now)();
  }

  wrap(handler: Handler): Handler {
    const limit = this.opts.limit ?? IN_FLIGHT_PER_CONNECTION;
    return (req, res) => {
      const socket = req.socket;
      // a request read with the one that closed its connection
      if (socket.destroyed) return;
      const n = this.unanswered.get(socket) ?? 0;
      if (n >= limit) {
        socket.destroy();
        this.refuse(socket.remoteAddress);
        return;
      }
      this.unanswered.set(socket, n + 1);
      res.once('close', () => this.unanswered.set(socket, (this.unanswered.get(socket) ?? 1) - 1));
      handler(req, res);
    };
  }

  /** The server's 'connection' listener: a refused address's connection is closed at once. */
  readonly admit = (socket: Socket): void => {
    if (this.opts.behindProxy || this.refused.size === 0) return;
    const key = clientOf(socket.remoteAddress ?? '');
    const until = this.refused.get(key);
    if (until === undefined) return;
    if (until > this.now) socket.destroy();
    else this.refused.delete(key);
  };

  private refuse(address: string | undefined): void {
    if (this.opts.behindProxy) return;
    const key = clientOf(address ?? '');
    this.refused.delete(key);
    this.refused.set(key, this.now + (this.opts.cooldownMs ?? PIPELINING_COOLDOWN_MS));
    while (this.refused.size > REMEMBERED) this.refused.delete(this.refused.keys().next().value!);
  }
}
