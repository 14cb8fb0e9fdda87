import { AsyncLocalStorage } from 'node:async_hooks';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A file of the build as it is on disk now (its time and size), or '-' when there is none. */
export function stampOf(file: string): string {
  const st = statSync(file, { throwIfNoEntry: false });
  return st ? `${st.mtimeMs}:${st.size}` : '-';
}

/** A wizard's page drawn by the server (app/ssr/entry-server.tsx): the root's markup and its state. */
export interface DrawnPage {
  html: string;
  state: string;
  /** the page's language */
  lang: string;
}
type DrawPage = (request: Request) => Promise<DrawnPage | null>;

/**
 * The server's share of its own thread that drawing pages may take: at most DRAW_PAGES_MS of drawing in
 * any WINDOW_MS (the budget, server/config.ts), and DRAWING_AT_ONCE pages at once. Past it, pages are sent
 * undrawn, and the browser draws them as it always did: a handful of addresses asking for drawn pages
 * slow nobody's API.
 */
const WINDOW_MS = 1000;
const DRAWING_AT_ONCE = 2;
/** A page whose loaders have not answered by then is sent undrawn. */
const DEADLINE_MS = 1500;

/** The API calls of the page being drawn: the server's own routes, with its visitor's cookies. */
const asking = new AsyncLocalStorage<(path: string, init?: RequestInit) => Promise<Response>>();
let bridged = false;

/**
 * The app's loaders call the API with the browser's `fetch` and a path (/api/config): while a page is
 * drawn, such a call is answered by the server's own routes (Fastify's inject, in this process), as the
 * visitor asking, its cookies and address given. Every other call of `fetch` goes on as before.
 */
function bridgeFetch(): void {
  if (bridged) return;
  bridged = true;
  const real = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const own = asking.getStore();
    return own && typeof input === 'string' && input.startsWith('/') ? own(input, init) : real(input, init);
  }) as typeof fetch;
}

/**
 * Draws the wizard's page of a stored project on the server, when the build has the drawing code
 * (vite.config.ts serverEntry) and the budget allows; null otherwise, or when the page is not one to draw
 * (app/ssr/entry-server.tsx decides): the page is then sent as it is.
 */
export function pageDrawer(app: FastifyInstance, distDir: string, budgetMs: number) {
  const file = join(distDir, '.ssr', 'entry-server.js');
  /** The drawing code of the build on disk: undefined while it loads (pages meanwhile sent undrawn). */
  type Loaded = { stamp: string; draw: DrawPage | null | undefined; ready: Promise<unknown> };
  let loaded: Loaded | null = null;
  const drawer = (): Loaded => {
    const stamp = stampOf(file);
    if (loaded?.stamp !== stamp) {
      const entry: Loaded = { stamp, draw: stamp === '-' ? null : undefined, ready: Promise.resolve() };
      loaded = entry;
      // read again after a build made while the server runs (its own address: Node keeps modules by it;
      // the code is one file, vite.config.ts serverEntry)
      if (stamp !== '-')
        entry.ready = import(`${pathToFileURL(file).href}?v=${encodeURIComponent(stamp)}`).then(
          (m: { drawPage: DrawPage }) => (entry.draw = m.drawPage),
          (e: unknown) => {
            entry.draw = null;
            app.log.warn({ err: e }, 'the server cannot draw pages: its drawing code did not load');
          },
        );
    }
    return loaded;
  };
  const spent: { at: number; ms: number }[] = [];
  let drawing = 0;
  const spentNow = (now: number) => {
    while (spent.length && spent[0]!.at < now - WINDOW_MS) spent.shift();
    return spent.reduce((s, x) => s + x.ms, 0);
  };

  /**
   * Reads the drawing code now (a server's start, server/main.ts), not at the first page it could draw,
   * which is sent undrawn meanwhile: several megabytes of code compiled on the server's thread, which
   * held back that visitor's files (a phone's first opening 6.5 s instead of 2.2, npm run bench:open).
   */
  const warm = async (): Promise<void> => {
    if (budgetMs > 0) await drawer().ready;
  };

  const draw = async (request: FastifyRequest, url: URL): Promise<DrawnPage | null> => {
    if (!url.searchParams.get('id') || drawing >= DRAWING_AT_ONCE) return null;
    if (spentNow(performance.now()) >= budgetMs) return null;
    const { draw } = drawer();
    if (!draw) return null;
    const started = performance.now();
    bridgeFetch();
    drawing += 1;
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'accept-language', 'user-agent'])
      if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
    const own = async (path: string, init?: RequestInit): Promise<Response> => {
      const r = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: path,
        headers: { ...headers, ...(init?.headers as Record<string, string> | undefined) },
        remoteAddress: request.ip,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(r.statusCode === 204 ? null : r.payload, {
        status: r.statusCode,
        headers: { 'content-type': String(r.headers['content-type'] ?? 'application/json') },
      });
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = asking.run(own, () =>
        draw(new Request(new URL(url.pathname + url.search, 'http://app'), { headers })),
      );
      return await Promise.race([
        page,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), DEADLINE_MS))),
      ]);
    } catch (e) {
      app.log.warn({ err: e, url: url.pathname }, 'a page could not be drawn: sent as it is');
      return null;
    } finally {
      clearTimeout(timer);
      drawing -= 1;
      spent.push({ at: performance.now(), ms: performance.now() - started });
    }
  };
  return { draw, warm };
}
