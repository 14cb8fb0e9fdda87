import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveApp } from '../../server/staticApp';

/** A build as Vite writes it (index.html naming its script, the manifest), numbered `n`. */
function build(dir: string, n: number, at: Date): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: `assets/index-${n}.js` },
      'app/pages/CalculatorPage.tsx': { file: `assets/CalculatorPage-${n}.js` },
    }),
  );
  writeFileSync(
    join(dir, 'index.html'),
    `<html><head><script type="module" src="/client/assets/index-${n}.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(dir, 'assets', `index-${n}.js`), `export const build = ${n};`);
  for (const f of ['index.html', '.vite/manifest.json']) utimesSync(join(dir, f), at, at);
}

describe('a build made while the server runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const app = Fastify();
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the new build's page, whose scripts exist, not the one read at the start", async () => {
    build(dir, 1, new Date('2026-11-29T10:00:00Z'));
    await serveApp(app, dir);
    const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;
    // a wizard's page (its hints added to the page) and another (the file itself)
    expect(await page('/client/sl/calculator/1')).toContain('/client/assets/index-1.js');
    expect(await page('/client/sl/calculator/1')).toContain('CalculatorPage-1.js');
    expect(await page('/client/sl/history')).toContain('/client/assets/index-1.js');
    // npx vite build: the folder emptied, the new files with new names
    build(dir, 2, new Date('2026-11-29T11:00:00Z'));
    for (const url of ['/client/sl/calculator/1', '/client/sm/calculator?id=abc', '/client/sl/history']) {
      const html = await page(url);
      expect(html, url).toContain('/client/assets/index-2.js');
      expect(html, url).not.toContain('index-1.js');
    }
    expect(await page('/client/sl/calculator/1')).toContain('CalculatorPage-2.js');
    // the new build's script itself, not the page in its place (a browser refuses a module script sent as
    // text/html: the page stayed blank until a restart, seen by helper ux9); a script gone is a 404
    const script = await app.inject({ method: 'GET', url: '/client/assets/index-2.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toBe('export const build = 2;');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gone = await app.inject({ method: 'GET', url: '/client/assets/index-1.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/html/);
    // a build caught with its manifest half written: the last page read still serves, never a 500
    build(dir, 3, new Date('2026-11-29T12:00:00Z'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{"index.html": {"file": "assets/ind');
    const during = await app.inject({ method: 'GET', url: '/client/sl/calculator/1' });
    expect(during.statusCode).toBe(200);
    expect(during.body).toContain('CalculatorPage-2.js');
    // and once it is whole, the new one
    build(dir, 4, new Date('2026-11-29T13:00:00Z'));
    expect(await page('/client/sl/calculator/1')).toContain('CalculatorPage-4.js');
  });

  it('answers every page while a build has emptied the folder, never a 500 nor a 404', async () => {
    // npm run build under the running server: Vite empties dist/ before it writes the new files (3 to 10
    // s measured on a loaded machine). Served from disk, the page then failed: 404 at /client/, and 500
    // ("payload of invalid type 'object'") on any page without hints, the 404 sent as text/html
    for (const f of ['index.html', '.vite/manifest.json']) rmSync(join(dir, f));
    for (const url of ['/client/', '/client/sl/calculator/1', '/client/sl/history', '/client/login']) {
      const during = await app.inject({ method: 'GET', url });
      expect(during.statusCode, url).toBe(200);
      expect(during.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(during.body, url).toContain('/client/assets/index-4.js');
    }
    // the new page, once written, at the app's own address too
    build(dir, 5, new Date('2026-11-29T14:00:00Z'));
    const after = await app.inject({ method: 'GET', url: '/client/' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.body).toContain('/client/assets/index-5.js');
  });
});
