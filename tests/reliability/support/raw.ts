/**
 * Requests written by hand, each on a connection of its own, for the tests that control when a body's
 * bytes leave (uploads sent in parts, bodies that trickle) and from which local address (127.0.0.x: as
 * many client addresses as a test needs, on one machine).
 */
import http from 'node:http';
import net from 'node:net';

/** What came back on a hand-written request: its status and body, or how the connection ended without one. */
export type RawAnswer = { status: number; body: string } | { status: 0; error: string };

export interface RawRequest {
  req: http.ClientRequest;
  /** resolves with the answer, or with status 0 when the server closed or reset the connection first */
  answer: Promise<RawAnswer>;
  /** writes bytes of the body; resolves once they are handed to the system (flushed) */
  write: (chunk: Buffer | string) => Promise<void>;
  /** writes the last bytes (if any) and ends the request */
  end: (chunk?: Buffer | string) => Promise<void>;
}

/**
 * Opens `method path` on `base` (http://127.0.0.1:port) with `headers` (set content-length for a body)
 * from `localAddress`, on a connection of its own (no keep-alive agent). Nothing of the body is sent yet.
 */
export function rawRequest(
  base: string,
  opts: { method: string; path: string; headers?: Record<string, string | number>; localAddress?: string },
): RawRequest {
  const url = new URL(opts.path, base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: opts.method,
    headers: opts.headers ?? {},
    agent: false,
    ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.once('error', (e) => resolve({ status: 0, error: e.message }));
    });
    req.once('error', (e) => resolve({ status: 0, error: e.message }));
  });
  // a write after the server has closed the connection fails: the answer says how it ended
  const flushed = (send: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      if (req.destroyed) return resolve();
      const failed = () => resolve();
      req.once('error', failed);
      send(() => {
        req.off('error', failed);
        resolve();
      });
    });
  return {
    req,
    answer,
    write: (chunk) => flushed((done) => req.write(chunk, () => done())),
    end: (chunk) => flushed((done) => (chunk === undefined ? req.end(done) : req.end(chunk, done))),
  };
}

/** Sends one whole request and waits for its answer. */
export async function rawSend(
  base: string,
  opts: { method: string; path: string; headers?: Record<string, string | number>; localAddress?: string },
  body?: Buffer | string,
): Promise<RawAnswer> {
  const headers = {
    ...opts.headers,
    ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
  };
  const r = rawRequest(base, { ...opts, headers });
  await r.end(body);
  return r.answer;
}

/**
 * A GET of `path` whose request is written but for its last line break, so that the server cannot answer
 * it yet; `finish()` writes that line break (one small write, at once). The connection closes after the
 * answer.
 */
export async function heldGet(
  base: string,
  path: string,
): Promise<{ finish: () => void; answer: Promise<RawAnswer> }> {
  const url = new URL(base);
  const socket = net.connect({ host: url.hostname, port: Number(url.port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.once('error', (e) => resolve({ status: 0, error: e.message }));
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const at = text.indexOf('\r\n\r\n');
      resolve(
        status ? { status, body: text.slice(at + 4) } : { status: 0, error: 'closed without an answer' },
      );
    });
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n`);
  return { finish: () => void socket.write('\r\n'), answer };
}
