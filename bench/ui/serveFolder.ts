import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/**
 * A static server of a built folder (the browser benchmarks' baseline page, bench/ui/baseline), on a free
 * port of 127.0.0.1; `pages` adds HTML pages of its own at their paths (bench:ui's lone input).
 */
export async function serveFolder(
  folder: string,
  pages: Record<string, string> = {},
): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname); // rooted: no way above the folder
    const page = pages[path];
    if (page !== undefined) {
      res.setHeader('content-type', TYPES['.html']!);
      res.end(page);
      return;
    }
    try {
      const body = readFileSync(join(folder, path === '/' ? 'index.html' : path));
      res.setHeader('content-type', TYPES[extname(path)] ?? 'application/octet-stream');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Builds the baseline page (bench/ui/baseline: rjsf alone, the fair baseline at ?paged) into `outDir`;
 * `minify: false` keeps its functions' names for a profile.
 */
export async function buildBaseline(
  root: string,
  outDir: string,
  opts: { minify?: boolean } = {},
): Promise<void> {
  await promisify(execFile)(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'bench/ui/baseline/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
      ...(opts.minify === false ? ['--minify', 'false'] : []),
    ],
    { cwd: root },
  );
}
