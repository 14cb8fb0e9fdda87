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

/** Runs the next waiting piece, then lets the loop turn (read sockets, run timers) before the one after. */
function runOne(): void {
  scheduled = false;
  const run = waiting.shift();
  schedule();
  run?.();
}

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  // setImmediate: after the loop's poll phase, where the sockets that became readable are read. One
  // piece per check phase: an immediate queued while one runs waits for the next turn.
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
 * limits stay Fastify's (the instance's and each route's bodyLimit).
 */
export function installJsonTurns(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length < TURN_BYTES) parse(request, text, done);
    else inTurn(() => parse(request, text, done));
  });
}
