import type { Access } from './auth/access';
import type { AdminSessions } from './auth/identity';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { PdfPool } from './pdf/pool';
import type { Calculations } from './projects/calculations';
import type { HistoryReader } from './projects/historyReader';
import type { ServedAnswers } from './projects/servedAnswers';
import type { Quotas } from './quota/quotas';
import type { VerificationViews } from './verify/views';

/**
 * What buildServer decorates the instance with (server/app.ts), for the route plugins to read instead of
 * taking it as arguments.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** the configuration read from the environment (config.ts) */
    config: Config;
    db: Db;
    dialect: Dialect;
    access: Access;
    sessions: AdminSessions;
    quotas: Quotas;
    calculations: Calculations;
    /** the verification pages answered last (verify/views.ts) */
    verifyViews: VerificationViews;
    pdfPool: PdfPool;
    /** the results workbooks' worker (the print workers' code, its own thread, queue and shares) */
    workbookPool: PdfPool;
    /** the history searches' reader thread */
    history: HistoryReader;
    /** the large reads' answers, kept compressed (projects/servedAnswers.ts) */
    served: ServedAnswers;
  }
}

export {};
