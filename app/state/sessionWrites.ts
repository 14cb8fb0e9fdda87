import { onServer, safeSession } from './safeStorage';
import { whenIdle } from './whenIdle';

/**
 * Writes waiting for the browser to be idle: the latest value of each key. A keystroke changes the form
 * model; turning 100 roofs into JSON and storing them is work the keystroke's paint need not wait for.
 * Everything waiting is written when the page is hidden or left (a reload keeps it) and before anything
 * else reads or clears the storage (flushSession).
 */
const pending = new Map<string, unknown>();
let scheduled = false;

/** Writes every value waiting to sessionStorage now. */
export function flushSession(): void {
  scheduled = false;
  const storage = safeSession();
  for (const [key, value] of pending) storage.setItem(key, JSON.stringify(value));
  pending.clear();
}

export function persist(key: string, value: unknown): void {
  // a page drawn by the server (app/ssr) keeps nothing: the waiting writes are shared by its visitors
  if (onServer) return;
  pending.set(key, value);
  if (scheduled) return;
  scheduled = true;
  whenIdle(flushSession, 500, 50);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushSession);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSession();
  });
}

/** The JSON stored in sessionStorage under `key`, or `initial` when missing or unreadable. */
export function readSession<T>(key: string, initial: T): T {
  if (pending.has(key)) return pending.get(key) as T;
  const raw = typeof window === 'undefined' ? null : safeSession().getItem(key);
  if (raw === null) return initial;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return initial;
  }
}
