import type { FastifyInstance } from 'fastify';

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
 * Replaces Fastify's JSON parser by the same parser (secure-json-parse, prototype poisoning refused),
 * called at once for a small body and in its turn (inTurn) for one of TURN_BYTES or more. The body
 * limits stay Fastify's (the instance's and each route's bodyLimit). Counts the server's connections, so
 * that the connections waiting to be accepted are taken between two pieces (ACCEPT_TURNS).
 */
export function installJsonTurns(app: FastifyInstance): void {
  app.server.on('connection', () => {
    accepted += 1;
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length < TURN_BYTES) parse(request, text, done);
    else inTurn(() => parse(request, text, done));
  });
}
