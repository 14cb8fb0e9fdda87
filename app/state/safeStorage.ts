/**
 * The browser's storage, or an in-memory stand-in where the browser refuses it (a third-party iframe
 * with storage blocked, a privacy mode): the app keeps working, it only forgets on reload.
 */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

function reach(get: () => Storage): Storage {
  try {
    const s = get();
    const probe = '__storage_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

let local: Storage | undefined;
let session: Storage | undefined;

// A page drawn by the server (app/ssr) has no browser storage: each call gets an empty one of its own,
// never one shared by the server's visitors.
export const onServer = typeof window === 'undefined';

/** localStorage, or memory when refused. */
export const safeLocal = (): Storage =>
  onServer ? memoryStorage() : (local ??= reach(() => window.localStorage));
/** sessionStorage, or memory when refused. */
export const safeSession = (): Storage =>
  onServer ? memoryStorage() : (session ??= reach(() => window.sessionStorage));
