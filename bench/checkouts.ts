/**
 * What the attack benchmarks (bench/bodies, bench/connections) share: the two checkouts they compare in
 * one run (this one and a baseline), a real server process started from either, and its memory.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freshPlace } from '../tests/server/harness';
import { startServer, type ServerProcess } from '../tests/reliability/support/child';
import { fakeDist } from '../tests/reliability/support/common';

export interface Checkout {
  name: string;
  root: string;
}

/**
 * The baseline (BASELINE_DIR: a checkout of the code before the change, with its node_modules; ../main
 * by default when it exists) and this checkout, in that order.
 */
export function checkouts(): Checkout[] {
  const here = resolve(import.meta.dirname, '..');
  const baseline = resolve(process.env.BASELINE_DIR ?? join(here, '..', 'main'));
  const list: Checkout[] = [];
  if (baseline !== here && existsSync(join(baseline, 'server', 'main.ts')))
    list.push({ name: `baseline (${baseline})`, root: baseline });
  else console.warn('no baseline checkout (set BASELINE_DIR): this checkout only');
  list.push({ name: `this checkout (${here})`, root: here });
  return list;
}

/** A server process of `checkout` on a fresh SQLite place, no rate limit, with `env` beside. */
export async function serverOf(checkout: Checkout, env: Record<string, string> = {}): Promise<ServerProcess> {
  const place = await freshPlace('sqlite');
  return startServer({ ...place.env, DIST_DIR: fakeDist(), ...env }, 120_000, checkout.root);
}

/** A process's resident memory now and at its peak (MB), its threads included. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * The sockets a process holds open: its connections and listeners, not the event loops, pipes and files
 * its worker threads open as they start (counted among all its files, a worker starting during a
 * measure made a test fail by one).
 */
export function openSockets(pid: number): number {
  const dir = `/proc/${pid}/fd`;
  let n = 0;
  for (const fd of readdirSync(dir)) {
    try {
      if (readlinkSync(`${dir}/${fd}`).startsWith('socket:')) n += 1;
    } catch {
      // closed between the listing and the read
    }
  }
  return n;
}

/** Milliseconds or seconds, as a reader takes them in. */
export const ms = (x: number): string => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);
