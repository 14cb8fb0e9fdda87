import { products } from './projects/products';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

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
  /** calculations run at once (worker threads), waiting at most before 503, in flight per visitor before 429 */
  calcWorkers: number;
  calcQueue: number;
  calcPerVisitor: number;
  /** memory kept for calculations' outcomes, remembered by content (megabytes; 0: none kept) */
  calcCacheMb: number;
  /** projects a visitor (its browser, and its address) may create per hour and per day (0: no limit) */
  projectsPerHour: number;
  projectsPerDay: number;
  /** failed admin sign-ins per name and address, and per address whatever the name, in 15 minutes (0: no limit) */
  loginFailures: number;
  loginFailuresPerAddress: number;
  /** files per project, and bytes per project (files and note draft), per visitor in all, per visitor a day */
  filesPerProject: number;
  projectStorageMb: number;
  visitorStorageMb: number;
  storagePerDayMb: number;
  /** a note draft's size at most (megabytes) */
  noteDraftMb: number;
  /** the pixels of a note's images together at most (megapixels), judged from their headers */
  noteMegapixels: number;
}

/** Every bad value of the environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function sessionSecretFor(
  dataDir: string,
  given: string | undefined,
  problems: string[],
  pg: boolean,
): string {
  if (given !== undefined) {
    if (given.length < 32) problems.push('SESSION_SECRET must be at least 32 characters');
    return given;
  }
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
 * TRUST_PROXY: unset or false, a number of proxy hops, or a comma-separated list of addresses. `true`
 * means one hop: the client is the address our proxy appended, the right-most of X-Forwarded-For (the
 * entries left of it are whatever the client sent, and would let it pick its address).
 */
function trustProxyOf(raw: string | undefined, problems: string[]): false | number | string[] {
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((x) => x.trim());
  if (list.every((x) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x) || x === 'loopback' || x === 'uniquelocal'))
    return list;
  problems.push(
    `TRUST_PROXY must be true, false, a number of proxies or a list of their addresses, not '${raw}'`,
  );
  return false;
}

/**
 * Reads and checks the configuration. Defaults give the embedded product: port 8080, SQLite in ./data,
 * client mode, mail kept in the outbox. Throws a ConfigError listing every bad value.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be an integer from 0 to 65535, not '${env.PORT}'`);
  const dataDir = resolve(cwd, env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push(`DATABASE_URL must be a postgres:// URL (leave it unset for SQLite), not '${databaseUrl}'`);
  const mode: AppMode = env.APP_MODE ?? 'client';
  const modes = [...new Set([...products().values()].flatMap((p) => p.bundle.modes))].sort();
  if (!modes.includes(mode))
    problems.push(`APP_MODE must be one of ${modes.join(', ')}, not '${env.APP_MODE}'`);
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl))
    problems.push(`SMTP_URL must be an smtp:// or smtps:// URL, not '${smtpUrl}'`);
  const salesEmail = env.SALES_EMAIL ?? 'ventes@example.com';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(salesEmail))
    problems.push(`SALES_EMAIL must be an e-mail address, not '${salesEmail}'`);
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 8)
    problems.push('ADMIN_PASSWORD must be at least 8 characters');
  const rateLimit = Number(env.RATE_LIMIT ?? 600);
  if (!Number.isInteger(rateLimit) || rateLimit < 0)
    problems.push(`RATE_LIMIT must be a whole number of requests per minute, not '${env.RATE_LIMIT}'`);
  const trustProxy = trustProxyOf(env.TRUST_PROXY, problems);
  const brandName = env.BRAND_NAME?.trim() ? env.BRAND_NAME.trim().slice(0, 80) : null;
  const brandLogo = env.BRAND_LOGO?.trim() ? resolve(cwd, env.BRAND_LOGO.trim()) : null;
  if (brandLogo && (!/\.(svg|png)$/i.test(brandLogo) || !existsSync(brandLogo)))
    problems.push(`BRAND_LOGO must be an existing .svg or .png file, not '${env.BRAND_LOGO}'`);
  const frameAncestors = (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const o of frameAncestors)
    if (!/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o) && !/^https:\/\/\*\.[a-z0-9.-]+$/i.test(o))
      problems.push(`FRAME_ANCESTORS must list origins such as https://www.example.com, not '${o}'`);
  /** A whole number from `min` to `max` read from `name`, or `fallback` when unset. */
  const whole = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    const n = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, not '${env[name]}'`);
      return fallback;
    }
    return n;
  };
  const pdfWorkers = whole('PDF_WORKERS', 1, 1, 16);
  const pdfQueue = whole('PDF_QUEUE', 4, 0, 1000);
  const pdfPerVisitor = whole('PDF_PER_VISITOR', 1, 1, 100);
  // One core is left to the server's own thread.
  const calcWorkers = whole('CALC_WORKERS', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 16);
  const calcQueue = whole('CALC_QUEUE', 16, 0, 1000);
  const calcPerVisitor = whole('CALC_PER_VISITOR', 2, 1, 100);
  const calcCacheMb = whole('CALC_CACHE_MB', 64, 0, 65536);
  const projectsPerHour = whole('PROJECTS_PER_HOUR', 60, 0, 1_000_000);
  const projectsPerDay = whole('PROJECTS_PER_DAY', 300, 0, 1_000_000);
  const loginFailures = whole('LOGIN_FAILURES', 10, 0, 1_000_000);
  const loginFailuresPerAddress = whole('LOGIN_FAILURES_PER_ADDRESS', 30, 0, 1_000_000);
  const filesPerProject = whole('FILES_PER_PROJECT', 20, 0, 100_000);
  const projectStorageMb = whole('PROJECT_STORAGE_MB', 50, 0, 1_000_000);
  const visitorStorageMb = whole('VISITOR_STORAGE_MB', 200, 0, 1_000_000);
  const storagePerDayMb = whole('STORAGE_PER_DAY_MB', 100, 0, 1_000_000);
  const noteDraftMb = whole('NOTE_DRAFT_MB', 4, 1, 12);
  const noteMegapixels = whole('NOTE_MEGAPIXELS', 40, 1, 1000);
  const distDir = env.DIST_DIR
    ? isAbsolute(env.DIST_DIR)
      ? env.DIST_DIR
      : resolve(cwd, env.DIST_DIR)
    : resolve(cwd, 'dist');
  const sessionSecret = problems.length
    ? ''
    : sessionSecretFor(dataDir, env.SESSION_SECRET, problems, databaseUrl !== null);
  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    mode,
    smtpUrl,
    salesEmail,
    sessionSecret,
    adminPassword,
    rateLimit,
    distDir,
    mailer: env.MAILER !== 'off',
    trustProxy,
    brandName,
    brandLogo,
    frameAncestors,
    pdfWorkers,
    pdfQueue,
    pdfPerVisitor,
    calcWorkers,
    calcQueue,
    calcPerVisitor,
    calcCacheMb,
    projectsPerHour,
    projectsPerDay,
    loginFailures,
    loginFailuresPerAddress,
    filesPerProject,
    projectStorageMb,
    visitorStorageMb,
    storagePerDayMb,
    noteDraftMb,
    noteMegapixels,
  };
}
