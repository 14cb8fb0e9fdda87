import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveApp } from '../../server/staticApp';

/**
 * The server's budget for drawing pages (server/ssr.ts): a build whose drawing code takes 60 ms of the
 * server's thread a page (the app's own, app/ssr/entry-server.tsx, is drawn end to end by
 * tests/e2e/drawn-page.spec.ts), served with a budget of 100 ms a second.
 */
const DRAW_MS = 60;
const BUDGET_MS = 100;

function build(dir: string): void {
  mkdirSync(join(dir, '.ssr'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dir, '.ssr', 'entry-server.js'),
    `export async function drawPage() {
      const until = performance.now() + ${DRAW_MS};
      while (performance.now() < until);
      return { html: '<p>drawn</p>', lang: 'fr', state: '<script type="application/json" id="drawn-state">{}</script>' };
    }`,
  );
}

describe("the server's drawing budget", () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const app = Fastify();
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends pages undrawn once its share of the second is spent, drawn again once it is not', async () => {
    build(dir);
    await serveApp(app, dir, BUDGET_MS);
    const ask = async () => {
      const r = await app.inject({ method: 'GET', url: '/client/sl/calculator?id=abc' });
      expect(r.statusCode).toBe(200);
      return { drawn: r.body.includes('id="drawn-state"'), at: performance.now(), body: r.body };
    };
    // the drawing code is read at the first page it could draw, sent undrawn meanwhile
    let first = await ask();
    expect(first.drawn).toBe(false);
    expect(first.body).toContain('<div id="root"></div>');
    await expect.poll(async () => (first = await ask()).drawn).toBe(true);
    // pages asked one after the other: drawn until 100 ms are spent (one or two pages of 60 ms and
    // more), then sent undrawn, whole
    const asked = [first];
    while (asked.at(-1)!.drawn && asked.length < 10) asked.push(await ask());
    const undrawn = asked.at(-1)!;
    expect(undrawn.drawn).toBe(false);
    expect(undrawn.body).toContain('<div id="root"></div>');
    // (a busy machine may take past a second to ask: the budget is then that of a new second)
    if (undrawn.at - first.at < 1000) expect(asked.length - 1).toBeLessThanOrEqual(2);
    // a second later, pages are drawn again
    await expect.poll(async () => (await ask()).drawn).toBe(true);
    // the server's drawing code is never sent (the address is one of the app's, answered by its page)
    const code = await app.inject({ method: 'GET', url: '/client/.ssr/entry-server.js' });
    expect(code.body).not.toContain('drawPage');
  });

  it('draws the first page once its drawing code was read at the start', async () => {
    const other = mkdtempSync(join(tmpdir(), 'dist-'));
    build(other);
    const started = Fastify();
    try {
      const { warmPages } = await serveApp(started, other, BUDGET_MS);
      await warmPages();
      const r = await started.inject({ method: 'GET', url: '/client/sl/calculator?id=abc' });
      expect(r.body).toContain('id="drawn-state"');
    } finally {
      await started.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('draws nothing with a budget of 0', async () => {
    const other = mkdtempSync(join(tmpdir(), 'dist-'));
    build(other);
    const off = Fastify();
    try {
      await serveApp(off, other, 0);
      for (let i = 0; i < 5; i += 1) {
        const r = await off.inject({ method: 'GET', url: '/client/sl/calculator?id=abc' });
        expect(r.body).not.toContain('drawn-state');
      }
    } finally {
      await off.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
