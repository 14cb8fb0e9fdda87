/**
 * The real server in a process of its own (`server/main.ts`, as `npm start` runs it), for the tests that
 * kill it or run two of them, and a small HTTP client with a cookie jar to talk to it.
 *
 * The process is `node --import tsx server/main.ts`, not `npx tsx server/main.ts`: npx and the tsx
 * command each start a child of their own, so a SIGKILL sent to them would leave the server running.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Sends a signal (SIGKILL by default) and resolves once the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** the last lines the process printed, for a failure message */
  output: () => string;
  /** everything the process printed (its request log among it), its last megabyte at most */
  log: () => string;
}

const running = new Set<ServerProcess>();

/**
 * Starts the server with `env` on a port of the system's choosing (PORT=0, on 127.0.0.1) and resolves
 * once it listens, with the address it printed. Unset variables are not taken from this process: no
 * DATABASE_URL means SQLite, no SMTP_URL no mail. `root`: the checkout to run (another one's code for a
 * benchmark's baseline).
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  root = ROOT,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      APP_MODE: 'client',
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let all = '';
  let gone = false;
  const exited = new Promise<void>((res) =>
    child.once('exit', () => {
      gone = true;
      res();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${tail}`));
    }, timeoutMs);
    // The server logs every request: its output is read all along (a full pipe would stop it), the
    // last few kilobytes kept.
    const read = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-8000);
      all = (all + chunk.toString()).slice(-1024 * 1024);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(tail);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped (${code ?? signal}) before listening:\n${tail}`));
    });
  });
  const proc: ServerProcess = {
    url,
    pid: child.pid!,
    stop: async (signal = 'SIGKILL') => {
      running.delete(proc);
      if (!gone) child.kill(signal);
      await exited;
    },
    output: () => tail,
    log: () => all,
  };
  running.add(proc);
  return proc;
}

/** Kills every server these helpers started and that is still running (afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop('SIGKILL')));
}

export interface Answer {
  status: number;
  body: unknown;
}

/** One browser: a base address (it may change when the server restarts) and the cookies it was given. */
export class Browser {
  private jar = new Map<string, string>();
  constructor(public base: string) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request; rejects when the connection fails (the server is gone). */
  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.jar.size) headers.cookie = this.cookie;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  }
}

/**
 * A note printed by `browser` for its project `id` (a flow-limiter one, as POST /api/slowli/project made
 * it), calculated first: the PDF's bytes and the code it was issued under. Throws when printing fails.
 */
export async function printNote(browser: Browser, id: string): Promise<{ code: string; pdf: Buffer }> {
  const calculated = await browser.send('GET', `/api/slowli/calculate/${id}`);
  if (calculated.status !== 200) throw new Error(`the calculation answered ${calculated.status}`);
  const printed = await fetch(`${browser.base}/api/slowli/pdf_download/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: browser.cookie },
    body: JSON.stringify({ data: JSON.stringify({ informations: [] }) }),
  });
  if (printed.status !== 200) throw new Error(`printing answered ${printed.status}`);
  return { code: printed.headers.get('x-verification-code')!, pdf: Buffer.from(await printed.arrayBuffer()) };
}
