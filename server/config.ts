import envSchema from 'env-schema';
import type { ErrorObject } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { products } from './projects/products';

/** A deployment mode: admin (every call needs an admin session) or any mode a calculator's bundle offers. */
export type AppMode = string;

/** The server's configuration, from environment variables (DESIGN.md section 1). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... when set; SQLite at dataDir/app.db otherwise */
  databaseUrl: string | null;
  mode: AppMode;
  smtpUrl: string | null;
  salesEmail: string;
  /** The mail's sender, `From` (MAIL_FROM): an address the SMTP server may send as; SALES_EMAIL unless given. */
  mailFrom: string;
  sessionSecret: string;
  adminPassword: string | null;
  /** requests per minute and IP; 0 disables the limit (tests) */
  rateLimit: number;
  /** where the built web application is (served under /client/) */
  distDir: string;
  /** deliver queued mail in the background */
  mailer: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy): false by default, so a
   * client cannot pick its own address for the rate limits; a hop count (TRUST_PROXY=true is 1), or a
   * list of the proxies' addresses.
   */
  trustProxy: false | number | string[];
  /** the manufacturer's product name shown beside the logo (null: the calculators' own name) */
  brandName: string | null;
  /** the manufacturer's logo, an SVG or PNG file (null: the default logo) */
  brandLogo: string | null;
  /** origins allowed to frame the app (CSP frame-ancestors), beside the app's own */
  frameAncestors: string[];
  /** PDF notes rendered at once (worker threads) and waiting at most before 503 */
  pdfWorkers: number;
  pdfQueue: number;
  /** notes in flight (waiting or printing) per visitor (client address) at most, before 429 */
  pdfPerVisitor: number;
  /** seconds a note may print, and a calculation run, before its worker is stopped (503) */
  noteTimeS: number;
  calcTimeS: number;
  /** calculations run at once (worker threads), waiting at most before 503, in flight per visitor before 429 */
  calcWorkers: number;
  calcQueue: number;
  calcPerVisitor: number;
  /** memory kept for calculations' outcomes, remembered by content (megabytes; 0: none kept) */
  calcCacheMb: number;
  /** milliseconds a second of the server's thread that drawing stored projects' pages may take (0: never) */
  drawPagesMs: number;
  /** projects a visitor (its browser, and its address) may create per hour and per day (0: no limit) */
  projectsPerHour: number;
  projectsPerDay: number;
  /** failed admin sign-ins per name and address, and per address whatever the name, in 15 minutes (0: no limit) */
  loginFailures: number;
  loginFailuresPerAddress: number;
  /** failed sign-ins per name a day, from every address together (0: no limit) */
  loginFailuresPerName: number;
  /** projects, and megabytes stored, a day by every visitor together (admins apart; 0: no limit) */
  serviceProjectsPerDay: number;
  serviceStoragePerDayMb: number;
  /** files per project, and bytes per project (files and note draft), per visitor in all, per visitor a day */
  filesPerProject: number;
  projectStorageMb: number;
  visitorStorageMb: number;
  storagePerDayMb: number;
  /** a note draft's size at most (megabytes) */
  noteDraftMb: number;
  /** request bodies held in memory while they arrive, in all and per visitor (http/bodies.ts) */
  bodiesMb: number;
  bodiesPerVisitorMb: number;
  /** bodies over 64 KB a visitor sends a minute (0: no limit) */
  largeBodiesPerMinute: number;
  /** stored projects or groups of variants over 64 KB a visitor reads a minute (0: no limit) */
  largeReadsPerMinute: number;
  /** answers not yet read held per visitor, and the seconds a send may stall (http/slowReaders.ts) */
  answersPerVisitorMb: number;
  sendTimeoutS: number;
  /** the pixels of a note's images together at most (megapixels), judged from their headers */
  noteMegapixels: number;
  /**
   * seconds a stopping server gives the requests in flight to finish (their answers sent) before it
   * closes their connections: a client that stops reading never holds the server up for longer
   */
  shutdownGraceS: number;
  /**
   * The server log's level (LOG_LEVEL, pino's): `info` writes a line per request and per answer; `warn`
   * keeps the warnings (refused mail, warm-up failures) and errors only.
   */
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  /**
   * connections one client address holds at once (an IPv6 address counted by its /48; behind a trusted
   * proxy, its requests in flight); 0: no cap
   */
  connectionsPerAddress: number;
  /** seconds a request (its headers and body) may take to arrive before it is cut (408); 0: no bound */
  requestTimeoutS: number;
  /**
   * the service's public address (https://calculs.example.com, no trailing slash): the verification
   * address printed on notes. Required in production; null in development, where a request's own
   * address is used (and the note's cover says so)
   */
  publicUrl: string | null;
}

/** Every bad value of the environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A whole number variable: its default and its bounds, said in its message. */
const whole = (fallback: number, minimum: number, maximum: number) =>
  ({
    type: 'integer',
    default: fallback,
    minimum,
    maximum,
    description: `a whole number from ${minimum} to ${maximum}`,
  }) as const;

const ORIGIN = String.raw`(https?://[a-zA-Z0-9.-]+(:\d+)?|https://\*\.[a-zA-Z0-9.-]+)`;
const PROXY = String.raw`([0-9a-fA-F:.]+(/\d{1,3})?|loopback|uniquelocal|linklocal)`;

/**
 * The environment as a JSON Schema (DESIGN.md section 1), checked by env-schema, the validator
 * @fastify/env runs: every variable's type, bounds and default; each `description` completes the
 * sentence "NAME must be …" that names a bad value. APP_MODE's list comes from the bundles (envSchemaOf).
 */
export const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { ...whole(8080, 0, 65535), description: 'an integer from 0 to 65535' },
    // this machine only: a laptop's server (admin mode included) is not on the LAN; a container, or a
    // proxy on another machine, sets HOST=0.0.0.0 (docs/DEPLOY.md)
    HOST: { type: 'string', default: '127.0.0.1' },
    DATA_DIR: { type: 'string', default: 'data' },
    DIST_DIR: { type: 'string' },
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      description: 'a postgres:// URL (leave it unset for SQLite)',
    },
    APP_MODE: { type: 'string', default: 'client' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL' },
    SALES_EMAIL: {
      type: 'string',
      default: 'ventes@example.com',
      pattern: String.raw`^[^\s@]+@[^\s@]+\.[^\s@]+$`,
      description: 'an e-mail address',
    },
    MAIL_FROM: {
      type: 'string',
      pattern: String.raw`^([^<>@]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$`,
      description: 'an e-mail address, or a name and one such as Calculs <calculs@example.com>',
    },
    SESSION_SECRET: { type: 'string', minLength: 32, description: 'at least 32 characters' },
    ADMIN_PASSWORD: { type: 'string', minLength: 8, description: 'at least 8 characters' },
    RATE_LIMIT: {
      type: 'integer',
      default: 600,
      minimum: 0,
      description: 'a whole number of requests per minute',
    },
    MAILER: { type: 'string' },
    TRUST_PROXY: {
      type: 'string',
      pattern: `^(true|false|\\d+|${PROXY}(\\s*,\\s*${PROXY})*)$`,
      description: 'true, false, a number of proxies or a list of their addresses',
    },
    BRAND_NAME: { type: 'string' },
    BRAND_LOGO: {
      type: 'string',
      pattern: String.raw`\.([sS][vV][gG]|[pP][nN][gG])$`,
      description: 'an existing .svg or .png file',
    },
    FRAME_ANCESTORS: {
      type: 'string',
      pattern: `^[\\s,]*(${ORIGIN}([\\s,]+${ORIGIN})*)?[\\s,]*$`,
      description: 'a list of origins such as https://www.example.com',
    },
    PDF_WORKERS: whole(1, 1, 16),
    PDF_QUEUE: whole(4, 0, 1000),
    PDF_PER_VISITOR: whole(1, 1, 100),
    // One core is left to the server's own thread (the default is set at load: envSchemaOf).
    CALC_WORKERS: whole(1, 1, 16),
    CALC_QUEUE: whole(16, 0, 1000),
    CALC_PER_VISITOR: whole(2, 1, 100),
    CALC_CACHE_MB: whole(64, 0, 65536),
    DRAW_PAGES_MS: whole(250, 0, 1000),
    NOTE_TIME_S: whole(60, 1, 3600),
    CALC_TIME_S: whole(60, 1, 3600),
    PROJECTS_PER_HOUR: whole(60, 0, 1_000_000),
    PROJECTS_PER_DAY: whole(300, 0, 1_000_000),
    LOGIN_FAILURES: whole(10, 0, 1_000_000),
    LOGIN_FAILURES_PER_ADDRESS: whole(30, 0, 1_000_000),
    LOGIN_FAILURES_PER_NAME: whole(100, 0, 1_000_000),
    SERVICE_PROJECTS_PER_DAY: whole(1000, 0, 10_000_000),
    SERVICE_STORAGE_PER_DAY_MB: whole(500, 0, 10_000_000),
    FILES_PER_PROJECT: whole(20, 0, 100_000),
    PROJECT_STORAGE_MB: whole(50, 0, 1_000_000),
    VISITOR_STORAGE_MB: whole(200, 0, 1_000_000),
    STORAGE_PER_DAY_MB: whole(100, 0, 1_000_000),
    NOTE_DRAFT_MB: whole(4, 1, 12),
    NOTE_MEGAPIXELS: whole(40, 1, 1000),
    SHUTDOWN_GRACE_S: whole(10, 0, 3600),
    LOG_LEVEL: {
      type: 'string',
      enum: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      default: 'info',
      description: 'one of trace, debug, info, warn, error, fatal, silent',
    },
    PUBLIC_URL: {
      type: 'string',
      pattern: String.raw`^https?://[a-zA-Z0-9.-]+(:\d+)?(/[^\s?#]*)?$`,
      description: "the service's address, such as https://calculs.example.com",
    },
    CONNECTIONS_PER_ADDRESS: whole(64, 0, 1_000_000),
    BODIES_MB: whole(1024, 0, 1_000_000),
    BODIES_PER_VISITOR_MB: whole(64, 0, 1_000_000),
    LARGE_BODIES_PER_MINUTE: whole(60, 0, 1_000_000),
    LARGE_READS_PER_MINUTE: whole(60, 0, 1_000_000),
    ANSWERS_PER_VISITOR_MB: whole(64, 0, 1_000_000),
    SEND_TIMEOUT_S: whole(60, 0, 3600),
    REQUEST_TIMEOUT_S: whole(120, 0, 3600),
  },
  required: ['PORT', 'HOST', 'DATA_DIR', 'APP_MODE', 'SALES_EMAIL', 'RATE_LIMIT'],
} as const;

/** The environment once checked: every variable typed, defaults filled in. */
export type Env = FromSchema<typeof ENV_SCHEMA>;

/** The schema with what only run time knows: the modes the bundles offer, the machine's cores. */
function envSchemaOf() {
  const modes = [...new Set([...products().values()].flatMap((p) => p.bundle.modes))].sort();
  const properties: Record<string, Record<string, unknown>> = structuredClone({ ...ENV_SCHEMA.properties });
  properties.APP_MODE = { ...properties.APP_MODE, enum: modes, description: `one of ${modes.join(', ')}` };
  properties.CALC_WORKERS = {
    ...properties.CALC_WORKERS,
    default: Math.max(1, Math.min(4, availableParallelism() - 1)),
  };
  return { ...ENV_SCHEMA, properties };
}

/** Variables whose value a message never repeats. */
const SECRETS = new Set(['SESSION_SECRET', 'ADMIN_PASSWORD']);

/** Variables holding a URL that may carry a password (user:password@host), repeated without it. */
const URLS = ['DATABASE_URL', 'SMTP_URL'] as const;

/**
 * A URL as a message may repeat it: its password (from the user name's colon to the last @) as ***,
 * even in a URL whose scheme is misspelt, so that the journal never keeps it.
 */
function withoutPassword(value: string): string {
  const at = value.lastIndexOf('@');
  const slashes = value.indexOf('//');
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0;
  const colon = value.indexOf(':', start);
  return at < 0 || colon < 0 || colon > at ? value : `${value.slice(0, colon + 1)}***${value.slice(at)}`;
}

/**
 * A connection URL's user name and password must have @ / ? # % percent-encoded: written as they are
 * (a password from `openssl rand -base64` holds / and +), the URL names another host or port, and the
 * start fails later on a host nobody wrote (getaddrinfo ENOTFOUND), or the mail, days later, on its
 * sign-in. Null when the URL reads as written.
 */
function urlProblem(name: string, value: string): string | null {
  const rest = value.slice(value.indexOf('//') + 2);
  const authority = rest.split('?')[0]!;
  const userinfo = authority.slice(0, Math.max(0, authority.lastIndexOf('@')));
  const unencoded = /[@/#]|%(?![0-9a-fA-F]{2})/.test(userinfo) || value.includes('#');
  if (!unencoded && URL.canParse(value)) return null;
  const example =
    name === 'SMTP_URL'
      ? 'smtp://user:password@smtp.example.com:587'
      : 'postgres://roof:password@127.0.0.1:5432/roof';
  const shown = withoutPassword(value);
  return unencoded
    ? `${name} must have the characters @ / ? # % of its user name and password percent-encoded ` +
        `(%40 %2F %3F %23 %25, as encodeURIComponent writes them), not '${shown}'`
    : `${name} must be a URL such as ${example} (a port from 1 to 65535; @ / ? # % percent-encoded in its user name and password), not '${shown}'`;
}

/** One line per bad variable: "NAME must be <its description>, not '<value>'". */
function problemsOf(
  errors: ErrorObject[],
  schema: { properties: Record<string, { description?: unknown }> },
  given: Record<string, string>,
): string[] {
  const lines = new Map<string, string>();
  for (const e of errors) {
    const name = e.instancePath.replace(/^\//, '');
    if (!name || lines.has(name)) continue;
    const must = String(schema.properties[name]?.description ?? e.message ?? 'valid');
    lines.set(
      name,
      SECRETS.has(name)
        ? `${name} must be ${must}`
        : `${name} must be ${must}, not '${(URLS as readonly string[]).includes(name) ? withoutPassword(given[name]!) : given[name]}'`,
    );
  }
  return [...lines.values()];
}

function sessionSecretFor(
  dataDir: string,
  given: string | undefined,
  problems: string[],
  pg: boolean,
): string {
  if (given !== undefined) return given;
  if (pg) {
    problems.push('SESSION_SECRET is required with PostgreSQL (every copy of the server must share it)');
    return '';
  }
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY (checked by the schema): unset or false, a number of proxy hops, or a comma-separated list
 * of addresses. `true` means one hop: the client is the address our proxy appended, the right-most of
 * X-Forwarded-For (the entries left of it are whatever the client sent, and would let it pick its address).
 */
function trustProxyOf(v: string | undefined): false | number | string[] {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((x) => x.trim());
}

/** An address, a range (address/bits) or one of proxy-addr's names, as TRUST_PROXY may list. */
function trustedProxyAddress(a: string): boolean {
  if (a === 'loopback' || a === 'uniquelocal' || a === 'linklocal') return true;
  const [address, bits, ...rest] = a.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Whether HOST is reachable from this machine only (127.0.0.0/8, ::1, localhost). */
function loopback(host: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === 'localhost';
}

/**
 * Reads and checks the configuration. Defaults give the embedded product: port 8080, SQLite in ./data,
 * client mode, mail kept in the outbox. A blank variable counts as unset. Throws a ConfigError listing
 * every bad value at once.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const schema = envSchemaOf();
  // only the variables the schema names, trimmed; blank ones are unset
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const raw = env[name]?.trim();
    if (raw) given[name] = raw;
  }
  // systemd's EnvironmentFile= (the unit of docs/DEPLOY.md) keeps a comment written after a value in the
  // value, where a shell's `. /etc/roof/env` (admin:create, outbox) drops it. Named, never shown: the value
  // may be a secret.
  const commented = Object.keys(given).filter(
    // a password and a brand's name may hold ' #' of their own
    (name) => !['ADMIN_PASSWORD', 'BRAND_NAME'].includes(name) && /\s#/.test(given[name]!),
  );
  if (commented.length)
    throw new ConfigError(
      commented.map(
        (name) =>
          `${name} ends with a comment (' # …'), which systemd's EnvironmentFile= keeps in the value: put the comment on a line of its own`,
      ),
    );
  let e: Env;
  try {
    e = envSchema<Env>({ schema, data: given, env: false });
  } catch (error) {
    const errors = (error as { errors?: ErrorObject[] }).errors;
    if (!errors) throw error;
    throw new ConfigError(problemsOf(errors, schema, given));
  }
  const problems: string[] = [];
  for (const name of URLS) {
    const problem = e[name] === undefined ? null : urlProblem(name, e[name]);
    if (problem) problems.push(problem);
  }
  const dataDir = resolve(cwd, e.DATA_DIR);
  const brandLogo = e.BRAND_LOGO ? resolve(cwd, e.BRAND_LOGO) : null;
  if (brandLogo && !existsSync(brandLogo))
    problems.push(`BRAND_LOGO must be an existing .svg or .png file, not '${e.BRAND_LOGO}'`);
  const databaseUrl = e.DATABASE_URL ?? null;
  // SQLite keeps app.db in DATA_DIR: one the server's user cannot write (a directory made by root)
  // stopped the start later, saying the port was not allowed (EACCES, as a port under 1024 says).
  if (databaseUrl === null) {
    try {
      mkdirSync(dataDir, { recursive: true });
      accessSync(dataDir, constants.W_OK);
    } catch (error) {
      problems.push(
        `DATA_DIR must be a directory the server's user can write (SQLite keeps app.db there), not '${e.DATA_DIR}' (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
  }
  // NODE_ENV=prod (or Production) would serve without production's checks below, silently.
  const nodeEnv = env.NODE_ENV?.trim();
  if (nodeEnv && !['production', 'development', 'test'].includes(nodeEnv))
    problems.push(`NODE_ENV must be production, development or test (or unset), not '${nodeEnv}'`);
  // The address printed on every note cannot come from a request's Host header (anyone may write one).
  if (env.NODE_ENV?.trim() === 'production' && !e.PUBLIC_URL)
    problems.push(
      "PUBLIC_URL is required in production (NODE_ENV=production): the service's address, printed on every note",
    );
  // Projects sent to the sales team would go to example.com, which nobody reads.
  if (env.NODE_ENV?.trim() === 'production' && !given.SALES_EMAIL)
    problems.push(
      `SALES_EMAIL is required in production (NODE_ENV=production): the sales team's address, not the default ${ENV_SCHEMA.properties.SALES_EMAIL.default}`,
    );
  // A hop count believes the X-Forwarded-For of whoever connects: on an address other machines reach,
  // anyone connecting directly names their own address and escapes every per-address limit.
  const trustProxy = trustProxyOf(e.TRUST_PROXY);
  // The schema's pattern lets through '127.0.0.1:8080' (colons are IPv6's); proxy-addr would then stop
  // the start with 'invalid IP address', naming no variable.
  if (Array.isArray(trustProxy)) {
    const bad = trustProxy.filter((a) => !trustedProxyAddress(a));
    if (bad.length)
      problems.push(
        `TRUST_PROXY must name the proxies' addresses or ranges, without a port (such as 127.0.0.1, 172.18.0.0/16, or loopback for any of this machine's addresses), not '${bad.join(', ')}'`,
      );
  }
  if (env.NODE_ENV?.trim() === 'production' && typeof trustProxy === 'number' && !loopback(e.HOST))
    problems.push(
      `TRUST_PROXY=${given.TRUST_PROXY} with HOST=${e.HOST} would believe anyone who reaches port ${e.PORT} directly: ` +
        "in production give TRUST_PROXY the proxy's address (such as TRUST_PROXY=127.0.0.1), or listen on HOST=127.0.0.1",
    );
  const sessionSecret = problems.length
    ? ''
    : sessionSecretFor(dataDir, e.SESSION_SECRET, problems, databaseUrl !== null);
  if (problems.length) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    mode: e.APP_MODE,
    smtpUrl: e.SMTP_URL ?? null,
    salesEmail: e.SALES_EMAIL,
    mailFrom: e.MAIL_FROM ?? e.SALES_EMAIL,
    sessionSecret,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    rateLimit: e.RATE_LIMIT,
    distDir: e.DIST_DIR
      ? isAbsolute(e.DIST_DIR)
        ? e.DIST_DIR
        : resolve(cwd, e.DIST_DIR)
      : resolve(cwd, 'dist'),
    mailer: e.MAILER !== 'off',
    trustProxy,
    brandName: e.BRAND_NAME ? e.BRAND_NAME.slice(0, 80) : null,
    brandLogo,
    frameAncestors: (e.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    pdfWorkers: e.PDF_WORKERS,
    pdfQueue: e.PDF_QUEUE,
    pdfPerVisitor: e.PDF_PER_VISITOR,
    calcWorkers: e.CALC_WORKERS,
    calcQueue: e.CALC_QUEUE,
    calcPerVisitor: e.CALC_PER_VISITOR,
    calcCacheMb: e.CALC_CACHE_MB,
    drawPagesMs: e.DRAW_PAGES_MS,
    noteTimeS: e.NOTE_TIME_S,
    calcTimeS: e.CALC_TIME_S,
    projectsPerHour: e.PROJECTS_PER_HOUR,
    projectsPerDay: e.PROJECTS_PER_DAY,
    loginFailures: e.LOGIN_FAILURES,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    loginFailuresPerName: e.LOGIN_FAILURES_PER_NAME,
    serviceProjectsPerDay: e.SERVICE_PROJECTS_PER_DAY,
    serviceStoragePerDayMb: e.SERVICE_STORAGE_PER_DAY_MB,
    filesPerProject: e.FILES_PER_PROJECT,
    projectStorageMb: e.PROJECT_STORAGE_MB,
    visitorStorageMb: e.VISITOR_STORAGE_MB,
    storagePerDayMb: e.STORAGE_PER_DAY_MB,
    noteDraftMb: e.NOTE_DRAFT_MB,
    noteMegapixels: e.NOTE_MEGAPIXELS,
    shutdownGraceS: e.SHUTDOWN_GRACE_S,
    logLevel: e.LOG_LEVEL,
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    bodiesMb: e.BODIES_MB,
    bodiesPerVisitorMb: e.BODIES_PER_VISITOR_MB,
    largeBodiesPerMinute: e.LARGE_BODIES_PER_MINUTE,
    largeReadsPerMinute: e.LARGE_READS_PER_MINUTE,
    answersPerVisitorMb: e.ANSWERS_PER_VISITOR_MB,
    sendTimeoutS: e.SEND_TIMEOUT_S,
    requestTimeoutS: e.REQUEST_TIMEOUT_S,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
  };
}
