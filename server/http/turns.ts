import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/**
 * Heavy work waits its turn (issue 35, item 1): one piece per turn of the event loop, so that the
 * requests that arrived meanwhile (a page, /api/config) are read and answered between two pieces instead
 * of after all of them. Parsing a 1 MB JSON body costs 10 to 25 ms of the loop: when twelve arrive
 * together, a visitor who asked at the same moment waits for one of them, not twelve.
 */

/** JSON bodies this size or more are parsed in their turn; smaller ones at once (they cost under 1 ms). */
export const TURN_BYTES = 64 * 1024;

const waiting: (() => void)[] = [];
let scheduled = false;

/**
 * Turns the loop may take between two pieces while each of them accepts a connection. Node accepts one
 * waiting connection per turn of its loop (libuv's uv__server_io takes one per poll): with one piece per
 * turn, a visitor who connected behind twelve 1 MB bodies' connections was read only after twelve
 * pieces. Between two pieces the loop now turns again while a turn brought a connection, so the
 * connections waiting are accepted (and their requests read) before the next piece; at most this many
 * turns, so that a flood of connections cannot hold the pieces back for ever. An empty turn costs
 * microseconds.
 */
export const ACCEPT_TURNS = 64;

/** Connections accepted by the servers that installed the turns (installJsonTurns). */
let accepted = 0;

/** Runs the next waiting piece, then lets the loop turn (read sockets, run timers) before the one after. */
function runOne(): void {
  const run = waiting.shift();
  afterPiece(0, accepted); // first: a piece that throws does not stop the ones after it
  run?.();
}

/**
 * Lets the loop turn once, and again while each turn accepted a connection (ACCEPT_TURNS at most), then
 * runs the next piece.
 */
function afterPiece(turns: number, seen: number): void {
  // setImmediate: after the loop's poll phase, where the sockets that became readable are read and one
  // waiting connection is accepted. An immediate queued while one runs waits for the next turn.
  setImmediate(() => {
    if (accepted !== seen && turns < ACCEPT_TURNS) afterPiece(turns + 1, accepted);
    else if (waiting.length > 0) runOne();
    else scheduled = false;
  });
}

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  setImmediate(runOne);
}

/** Runs `work` in its turn: after the pieces waiting before it, one per turn of the event loop. */
export function inTurn(work: () => void): void {
  waiting.push(work);
  schedule();
}

/** Resolves in the caller's turn (inTurn for async code). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => inTurn(resolve));

/**
 * Resolves in the caller's turn when `text` is TURN_BYTES or more (a JSON text a handler is about to
 * parse, such as a note's payload), at once otherwise.
 */
export const turnFor = (text: unknown): Promise<void> =>
  typeof text === 'string' && text.length >= TURN_BYTES ? nextTurn() : Promise.resolve();

/**
 * The values a JSON text sent to the server may hold, counted as its commas, `{` and `[` (inside its
 * strings too: never fewer than its values). JSON.parse costs the server's thread by the value, not by the
 * byte: 12 MB of `[{},{},…]` (the note's limit) took 1.2 s, of `[[1],[1],…]` 1.6 s, where 12 MB of a
 * photograph's text takes 20 ms (a helper's attack, round 8: one address sending such notes on two
 * connections kept visitors' /api/config at 3 s). The largest project (200 roofs, long names, about 280
 * KB) holds some 18,000; a note's photographs hold none. Under the limit a 1 MB body still parses in up to
 * about 80 ms (long decimals), a 12 MB note in about 110 ms (objects of distinct 400-character keys):
 * bodies over 64 KB, 60 a minute a visitor (LARGE_BODIES_PER_MINUTE), sent whole.
 */
export const JSON_VALUES_MAX = 50_000;

/**
 * The values `text` holds, counted as assertFewValues says (its commas, `{` and `[`, inside its strings
 * too), up to `max + 1`: the count stops there.
 */
export function valuesUpTo(text: string, max: number): number {
  let n = 0;
  for (const c of [',', '{', '[']) {
    for (let i = text.indexOf(c); i !== -1; i = text.indexOf(c, i + 1)) {
      n += 1;
      if (n > max) return n;
    }
  }
  return n;
}

/**
 * Throws 413 `too_large` (naming `field` when given) when `text` holds more than JSON_VALUES_MAX values;
 * stops counting there (about 1 ms for a text past it, 6 ms for 12 MB of a photograph's text).
 */
export function assertFewValues(text: string, field?: string): void {
  if (valuesUpTo(text, JSON_VALUES_MAX) > JSON_VALUES_MAX)
    throw new HttpError(
      413,
      `${field ?? 'body'}: more than ${JSON_VALUES_MAX} JSON values`,
      field,
      { limit: JSON_VALUES_MAX },
      'too_large',
    );
}

/**
 * A body under TURN_BYTES holding more values than this counts as a large body (bodies.ts
 * limitLargeBodies: LARGE_BODIES_PER_MINUTE a visitor), counted before it is parsed. A project's body
 * holds a value every 16 to 18 bytes (the fixtures, a 200-roof smca): a 64 KB one about 4,000, so
 * that no body under 64 KB that a page sends reaches it. 64 KB of `[{},{},…]` counts 43,600 (21,800
 * objects), which cost the server's thread about 3 ms to parse, walk and collect where 64 KB of a project costs
 * well under 1: six addresses sending them within the general rate limit (some 170 a second) kept a
 * visitor's /api/config at 65 / 435 ms p50 / p99 (a helper's attack, round 10; `node --cpu-prof`:
 * JSON.parse 2.1 s, the garbage collector 4.2 s, the input guard's walk 1.2 s of 10 s).
 */
export const DENSE_VALUES = 4096;

/**
 * Replaces Fastify's JSON parser by the same parser (secure-json-parse, prototype poisoning refused),
 * called at once for a small body (counted as a large one first past DENSE_VALUES) and in its turn (inTurn) for one of TURN_BYTES or more, which is first
 * refused past JSON_VALUES_MAX values (413). The body limits stay Fastify's (the instance's and each
 * route's bodyLimit). Counts the server's connections, so that the connections waiting to be accepted are
 * taken between two pieces (ACCEPT_TURNS).
 */
export function installJsonTurns(app: FastifyInstance): void {
  app.server.on('connection', () => {
    accepted += 1;
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length < TURN_BYTES) {
      if (valuesUpTo(text, DENSE_VALUES) <= DENSE_VALUES || !app.hasDecorator('countLargeBody'))
        return parse(request, text, done);
      app.countLargeBody(request).then(
        () => parse(request, text, done),
        (e: Error) => done(e, undefined),
      );
      return;
    }
    try {
      assertFewValues(text);
    } catch (e) {
      return done(e as Error, undefined);
    }
    inTurn(() => parse(request, text, done));
  });
}
