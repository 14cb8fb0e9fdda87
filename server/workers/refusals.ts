import type { FastifyReply } from 'fastify';
import { HttpError } from '../http/HttpError';
import { Cancelled, OverBudget, PoolBusy, VisitorBusy } from './pool';

/** 'You already have 2 notes being printed; wait for them to finish' */
const already = (n: number, one: string, many: string, doing: string) =>
  `You already have ${n} ${n > 1 ? many : one} ${doing}; wait for ${n > 1 ? 'them' : 'it'} to finish`;

/** The words of a refusal, per kind of job: a calculation, a history search, a note or a workbook. */
const WORDS = {
  calculation: {
    busy: 'Every calculator is busy; try again shortly',
    mine: (n: number) => already(n, 'calculation', 'calculations', 'in progress'),
    mineCode: 'calculations_busy',
    time: 'The calculation could not be done in time; try again shortly',
    memory: 'The project is too large to calculate',
  },
  search: {
    busy: 'Every history reader is busy; try again shortly',
    mine: (n: number) => already(n, 'history search', 'history searches', 'in progress'),
    mineCode: 'searches_busy',
    time: 'The history search could not be done in time; try again shortly',
    memory: 'The history search is too large: search for more letters',
  },
  note: {
    busy: 'Every note printer is busy; try again shortly',
    mine: (n: number) => already(n, 'note', 'notes', 'being printed'),
    mineCode: 'notes_busy',
    time: 'The note could not be printed in time; try again shortly',
    memory: 'The note is too large to print: use fewer or smaller images',
  },
  workbook: {
    busy: 'The workbook writer is busy; try again shortly',
    mine: (n: number) => already(n, 'workbook', 'workbooks', 'being written'),
    mineCode: 'workbooks_busy',
    time: 'The workbook could not be written in time; try again shortly',
    memory: 'The project is too large for a workbook',
  },
} as const;

/**
 * A worker pool's refusal as the answer a client can act on: 429 with Retry-After when the visitor
 * already has its share in flight, 503 with Retry-After when every worker is busy and the queue is full
 * (or the job ran out of time), 422 when it ran out of memory. Any other error is thrown as it is.
 */
export function poolRefusal(e: unknown, reply: FastifyReply, kind: keyof typeof WORDS): never {
  const words = WORDS[kind];
  const wait = (seconds: number) => {
    reply.header('Retry-After', String(seconds));
    return { retryAfter: seconds };
  };
  if (e instanceof VisitorBusy)
    throw new HttpError(
      429,
      words.mine(e.limit),
      undefined,
      { ...wait(e.retryAfter), limit: e.limit },
      words.mineCode,
    );
  if (e instanceof PoolBusy) throw new HttpError(503, words.busy, undefined, wait(e.retryAfter));
  // The caller went away before its job ran: nobody reads this answer.
  if (e instanceof Cancelled) throw new HttpError(503, words.busy, undefined, wait(1));
  if (e instanceof OverBudget && e.budget === 'time')
    throw new HttpError(503, words.time, undefined, wait(30));
  if (e instanceof OverBudget) throw new HttpError(422, words.memory, undefined, undefined, 'too_large');
  throw e;
}

/**
 * A signal aborted when the client closes its connection before the answer is sent: a job still
 * waiting for a worker on its behalf is then dropped.
 */
export function closedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  return controller.signal;
}
