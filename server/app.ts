import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import './instance';
import { Access } from './auth/access';
import { AdminSessions } from './auth/identity';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { configRoute } from './configRoute';
import { healthRoute } from './healthRoute';
import { openDatabase, type Db, type Dialect } from './db/database';
import { migrate } from './db/migrate';
import { capBodies, limitLargeBodies, limitLargeReads } from './http/bodies';
import { capConnections, checkingIntervalMs } from './http/connections';
import { COMPRESSION, refuseCodedBodies } from './http/compression';
import { capAnswers } from './http/slowReaders';
import { installErrorHandler } from './http/errorHandler';
import { logSerializers } from './http/logRedaction';
import { installInputGuard } from './http/inputGuard';
import { installSameOriginGuard } from './http/sameOrigin';
import { installJsonTurns } from './http/turns';
import { PipeliningGuard } from './http/pipelining';
import { forwardedKept, trimForwarded } from './http/forwarded';
import { IPV6_PREFIX } from './http/visitor';
import { PdfPool } from './pdf/pool';
import { HistoryReader } from './projects/historyReader';
import { Calculations } from './projects/calculations';
import { SERVED_ANSWERS_MB, ServedAnswers } from './projects/servedAnswers';
import { JobLeases } from './quota/leases';
import { Quotas } from './quota/quotas';
import { databaseStore } from './quota/rateStore';
import { projectRoutes } from './projects/routes';
import { calculateRoutes } from './projects/calculateRoutes';
import { noteDraftRoutes, pdfRoutes } from './pdf/routes';
import { excelRoutes } from './excel/routes';
import { exportRoutes } from './projects/exportRoutes';
import { FILE_LIMIT, fileRoutes } from './files/routes';
import { startSender } from './mail/sender';
import { startCleanup } from './projects/cleanup';
import { serveApp } from './staticApp';
import { verifyRoutes } from './verify/routes';
import { VerificationViews } from './verify/views';
import { projectLinkRoutes } from './projects/link/routes';
import { workflowRoutes, workflowTags } from './workflow/routes';
import { rainRoutes } from './rain/routes';
import { RainSeriesStore } from './rain/store';

export const BODY_LIMIT = 1024 * 1024;

export interface Server {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  /** the calculations' worker pool and cache (warm() starts a worker ahead of the first) */
  calculations: Calculations;
  /** reads the code that draws stored projects' pages (server/ssr.ts) ahead of the first such page */
  warmPages: () => Promise<void>;
  /**
   * stops listening, lets the answers in flight finish (SHUTDOWN_GRACE_S at most), then stops the workers
   * and closes the database
   */
  close: () => Promise<void>;
}

/**
 * Builds the server: database opened and migrated, security headers, rate limit, cookies, OpenAPI docs at
 * /api/docs, every API route, and the built web application under /client/. Nothing listens yet (tests
 * use app.inject; main.ts listens).
 */
export async function buildServer(config: Config, opts: { logger?: boolean } = {}): Promise<Server> {
  const { db, dialect } = openDatabase(config);
  await migrate(db, dialect);
  const requestTimeout = config.requestTimeoutS * 1000;
  const app = Fastify({
    // The request log names each route, never a link's token or a note's code (logRedaction.ts).
    logger: opts.logger ? { serializers: logSerializers, level: config.logLevel } : false,
    bodyLimit: BODY_LIMIT,
    // A request (headers and body) arrives within REQUEST_TIMEOUT_S or is cut with 408: a body that
    // trickles a byte at a time holds its connection no longer than that (Node checks every tenth of it).
    requestTimeout,
    ...(requestTimeout > 0
      ? {
          http: {
            requestTimeout,
            headersTimeout: Math.min(60_000, requestTimeout),
            connectionsCheckingInterval: checkingIntervalMs(requestTimeout),
          },
        }
      : {}),
    // Only a proxy named by TRUST_PROXY may say who the client is: otherwise anyone could pick a new
    // address per request and never meet the rate limits.
    // A number of hops: the client is the address that many proxies from here (TRUST_PROXY=true is one:
    // the right-most X-Forwarded-For entry, the one our proxy appended), never one the client wrote.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Fastify's own HTTP/1 server, its request handler behind the pipelining guard (http/pipelining.ts)
    serverFactory: (handler, options) => {
      const o = options as {
        http?: ServerOptions;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      const pipelining = new PipeliningGuard({ behindProxy: config.trustProxy !== false });
      const trustProxy = config.trustProxy;
      // X-Forwarded-For cut to the entries TRUST_PROXY reads (http/forwarded.ts)
      const served =
        trustProxy === false
          ? handler
          : (req: IncomingMessage, res: ServerResponse) => {
              trimForwarded(req, forwardedKept(trustProxy));
              handler(req, res);
            };
      const server = createServer(o.http ?? {}, pipelining.wrap(served));
      server.on('connection', pipelining.admit);
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      return server;
    },
  });
  // Path parameters and query strings are text and are coerced to their types (page numbers); bodies
  // are JSON and never are: ["x"] is not a password, null is not a comment.
  const coercing = addFormats(new Ajv({ coerceTypes: 'array', useDefaults: true, strict: false }));
  const exact = addFormats(new Ajv({ coerceTypes: false, useDefaults: true, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? exact : coercing).compile(schema),
  );
  installErrorHandler(app, { fileLimit: FILE_LIMIT });
  // Behind a proxy with TRUST_PROXY unset, every visitor is the proxy's address and shares its limits
  // (the 61st new project of the hour is refused to everyone): said once in the log.
  if (config.trustProxy === false) {
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      request.log.warn(
        `a request came through a proxy (X-Forwarded-For, from ${request.socket.remoteAddress}) but TRUST_PROXY is unset: every visitor counts as that address and shares its limits; set TRUST_PROXY to the proxy's address`,
      );
    });
  }
  capConnections(app, { perAddress: config.connectionsPerAddress, behindProxy: config.trustProxy !== false });
  // Bodies arrive as they are: a compressed one is refused (http/compression.ts).
  refuseCodedBodies(app);
  // What request bodies may hold in memory while they arrive, per visitor and in all (http/bodies.ts).
  capBodies(app, { perVisitorMb: config.bodiesPerVisitorMb, totalMb: config.bodiesMb });
  // What answers a client does not read may hold, and how long a send may stall (http/slowReaders.ts);
  // before compression, so that an answer is counted at the size the app made it.
  capAnswers(app, { perVisitorMb: config.answersPerVisitorMb, sendTimeoutS: config.sendTimeoutS });
  // Large JSON bodies are parsed one per turn of the event loop: other visitors are answered between.
  installJsonTurns(app);
  // JSON answers of 1 KB and more compressed for clients that take it, brotli first (http/compression.ts),
  // and the pages the server writes (a stored project's page drawn, server/ssr.ts: 49 KB for 100 roofs,
  // the time a phone's first field waits). The app's files are sent precompressed (vite.config.ts) and
  // keep their own encoding, as do the large reads' answers kept compressed (projects/servedAnswers.ts).
  await app.register(fastifyCompress, {
    ...COMPRESSION,
    // answers only: a request's body is never inflated (refuseCodedBodies)
    globalDecompression: false,
    customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)\b/i,
  });
  installSameOriginGuard(app, config.publicUrl);
  // Once the server is stopping, an answer still in flight closes its connection: a kept-alive socket
  // would otherwise hold the stop until the client's keep-alive ran out. (Fastify says so itself only
  // to requests arriving after the stop began, which it answers 503.)
  let stopping = false;
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  installInputGuard(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The app's own origin, and the manufacturer's sites FRAME_ANCESTORS names (iframe=yes).
        frameAncestors: ["'self'", ...config.frameAncestors],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: false,
    // HSTS only means something over HTTPS; it is sent below when the request came that way.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  // The requests an address makes a minute (RATE_LIMIT; 0: no general limit), and the routes' own limits
  // (guessing verification codes and project links) whatever RATE_LIMIT says. An IPv6 address counts
  // by its /48 (http/visitor.ts, given to the plugin). With PostgreSQL the counts live in the
  // database, so that every copy of the server sharing it counts the same requests; SQLite serves one
  // process, whose memory counts them.
  await app.register(fastifyRateLimit, {
    global: config.rateLimit > 0,
    max: config.rateLimit,
    timeWindow: '1 minute',
    ipv6Subnet: IPV6_PREFIX,
    ...(dialect === 'postgres' ? { store: databaseStore(db) } : {}),
  });
  // bodies over 64 KB a minute from one visitor (http/bodies.ts), counted as the rate limit counts
  limitLargeBodies(app, config.largeBodiesPerMinute);
  // reads of stored projects over 64 KB a minute from one visitor (http/bodies.ts), counted alike
  limitLargeReads(app, config.largeReadsPerMinute);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  const sessions = new AdminSessions(db, config);
  sessions.install(app);
  await app.register(fastifyMultipart, { limits: { fileSize: FILE_LIMIT, files: 1, fields: 5 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Roof rainwater calculators API', version: '1.0.0' },
      tags: [
        { name: 'projects' },
        ...workflowTags(),
        { name: 'files' },
        { name: 'auth' },
        { name: 'config' },
        { name: 'verify' },
      ],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // What the route plugins read from the instance (instance.ts), then the plugins themselves.
  // Each visitor's share of the pools is counted in the database too: it holds across copies.
  const leases = new JobLeases(db, dialect);
  const rainSeries = new RainSeriesStore(db);
  const calculations = new Calculations({
    workers: config.calcWorkers,
    queue: config.calcQueue,
    perVisitor: config.calcPerVisitor,
    cacheMb: config.calcCacheMb,
    shared: leases.share('calc'),
    series: (id) => rainSeries.get(id),
    holds: (id, owner) => rainSeries.holds(id, owner),
    timeoutMs: config.calcTimeS * 1000,
  });
  const pdfPool = new PdfPool({
    size: config.pdfWorkers,
    queue: config.pdfQueue,
    perVisitor: config.pdfPerVisitor,
    timeoutMs: config.noteTimeS * 1000,
    memoryMb: 512,
    shared: leases.share('pdf'),
  });
  // Results workbooks on a thread of their own: a visitor's workbook does not wait for its note (nor
  // is refused while it prints), and two at once are allowed (a double click on the link)
  const workbookPool = new PdfPool({
    size: 1,
    queue: config.pdfQueue,
    perVisitor: 2,
    timeoutMs: config.noteTimeS * 1000,
    memoryMb: 512,
    shared: leases.share('workbook'),
  });
  const history = new HistoryReader(config, leases.share('search'));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('access', new Access(config));
  app.decorate('sessions', sessions);
  app.decorate('quotas', new Quotas(db, dialect, config));
  app.decorate('calculations', calculations);
  app.decorate('served', new ServedAnswers(SERVED_ANSWERS_MB * 1024 * 1024));
  // 16 MB: some 200 views of 200-roof notes (80 KB each)
  app.decorate('verifyViews', new VerificationViews(16));
  app.decorate('pdfPool', pdfPool);
  app.decorate('workbookPool', workbookPool);
  app.decorate('history', history);
  for (const routes of [
    configRoute,
    healthRoute,
    authRoutes,
    projectRoutes,
    workflowRoutes,
    calculateRoutes,
    pdfRoutes,
    noteDraftRoutes,
    fileRoutes,
    rainRoutes,
    excelRoutes,
    exportRoutes,
    verifyRoutes,
    projectLinkRoutes,
  ])
    await app.register(routes);
  const { warmPages } = await serveApp(app, config.distDir, config.drawPagesMs);
  await app.ready();
  const stopSender = startSender(db, config, undefined, undefined, app.log);
  const stopCleanup = startCleanup(db, dialect);
  return {
    app,
    db,
    dialect,
    calculations,
    warmPages,
    close: async () => {
      stopSender();
      stopCleanup();
      // Fastify stops listening, closes idle connections and waits for the answers in flight; a client
      // that stops reading a long answer would hold that wait forever, so the grace ends it.
      stopping = true;
      const grace = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceS * 1000);
      await app.close().finally(() => clearTimeout(grace));
      await pdfPool.close();
      await workbookPool.close();
      await calculations.close();
      await history.close();
      await leases.close().catch(() => undefined);
      await db.destroy();
    },
  };
}
