/**
 * LOG_LEVEL: the operator chooses what the server's log keeps; `warn` leaves out the line per request
 * and per answer (two lines of about 330 bytes for every request at the default, `info`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { processEnv, ROOT } from './harness';
import { freePort } from './smtp';

/** The server's own process at LOG_LEVEL `level`, asked once for /api/config: everything it printed. */
async function logOf(level: string | undefined): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-log-level-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: processEnv(dir, { LOG_LEVEL: level ?? '', PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // listening once it prints its address (every level prints it: a console line, not the log)
  while (!out.includes(`http://localhost:${port}/client/`)) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    await Promise.race([new Promise((r) => child.stdout.once('data', r)), ended]);
  }
  expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
  child.kill('SIGTERM');
  await ended;
  rmSync(dir, { recursive: true, force: true });
  return out;
}

describe('LOG_LEVEL', () => {
  it('is info unless given, and one of pino levels', () => {
    const dir = { DATA_DIR: '/tmp/rw-config-test' };
    expect(loadConfig(dir).logLevel).toBe('info');
    expect(loadConfig({ ...dir, LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ ...dir, LOG_LEVEL: 'loud' })).toThrow(
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not 'loud'",
    );
  });
  it('logs each request at info, and none at warn', async () => {
    const info = await logOf(undefined);
    expect(info).toContain('"msg":"incoming request"');
    expect(info).toContain('"url":"/api/config"');
    expect(info).toContain('SIGTERM: stopping');
    const warn = await logOf('warn');
    expect(warn).not.toContain('incoming request');
    expect(warn).not.toContain('/api/config');
    expect(warn).not.toContain('SIGTERM: stopping');
  });
});
