/**
 * Issue 26, items 3 and 4: the calculation notes. One visitor asking again and again holds one note in
 * flight, so another visitor's note is printed in turn; and a note's images are held to a pixel budget
 * read from their headers, each brought down to its printed size, so that the server's memory (its
 * worker threads included) stays bounded whatever a payload holds.
 */
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_IMAGE_BOX_PX } from '../../engine';
import type { Server } from '../../server/app';
import { pdfText } from '../pdfText';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { Browser, startServer, stopAll } from './support/child';
import { fakeDist, size, sleep, waitFor } from './support/common';
import { distinctPngs } from './support/png';

const note = (data: unknown) => ({ data: JSON.stringify(data) });

/**
 * The pixel size of every image of a PDF, from its image dictionaries: the
 * PDF writer keeps dictionaries as text (only streams are compressed), and pdf.js decodes images only
 * to draw them on a canvas, which Node has not. The text of the note is read with pdf.js as elsewhere.
 */
function imagesOf(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/<<((?:(?!>>)[\s\S])*?\/Subtype \/Image(?:(?!>>)[\s\S])*?)>>/g)].map((m) => ({
    width: Number(/\/Width (\d+)/.exec(m[1]!)?.[1]),
    height: Number(/\/Height (\d+)/.exec(m[1]!)?.[1]),
  }));
}

describe.each(DIALECTS)('notes on %s', (dialect) => {
  let place: Place;
  let server: Server;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { PDF_WORKERS: '1', PDF_QUEUE: '4' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it("prints a second visitor's notes while a first keeps asking", async () => {
    const visitor = async (address: string) => {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
        remoteAddress: address,
      });
      return { address, cookie: cookiesOf(r), id: r.json<{ id: string }>().id };
    };
    const a = await visitor('203.0.113.51');
    const b = await visitor('203.0.113.52');
    const print = (v: { address: string; cookie: string; id: string }) =>
      server.app.inject({
        method: 'POST',
        url: `/api/slowli/pdf_download/${v.id}`,
        payload: note({ informations: [{ text: 'Note', image: null }] }),
        remoteAddress: v.address,
        headers: { cookie: v.cookie },
      } satisfies InjectOptions);
    // A keeps six notes asked at all times: each answer is followed by a new request at once (after a
    // short pause when refused, as a client retrying in a loop would).
    const fromA = new Map<number, number>();
    let stop = false;
    const keepAsking = async () => {
      while (!stop) {
        const r = await print(a);
        fromA.set(r.statusCode, (fromA.get(r.statusCode) ?? 0) + 1);
        if (r.statusCode !== 200) {
          if (r.statusCode === 429)
            expect(r.json()).toMatchObject({ code: 'notes_busy', details: { limit: 1 } });
          await sleep(50);
        }
      }
    };
    const loops = Array.from({ length: 6 }, keepAsking);
    // Once A has been refused, its asking fills whatever it is allowed.
    await waitFor('A to be refused once', () => (fromA.get(429) ?? 0) + (fromA.get(503) ?? 0) > 0, 60_000);
    const fromB: number[] = [];
    for (let i = 0; i < size(3, 10); i += 1) {
      const r = await print(b);
      fromB.push(r.statusCode);
      if (r.statusCode === 200) expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    stop = true;
    await Promise.all(loops);
    console.info(
      `${dialect}: B's notes ${JSON.stringify(fromB)}; A's answers ${JSON.stringify(Object.fromEntries(fromA))}`,
    );
    expect(fromB).toEqual(fromB.map(() => 200));
    expect(fromA.get(200)).toBeGreaterThan(0);
  });
});

describe('the memory of a note', () => {
  afterAll(stopAll);

  it('stays under 1 GB (the server and its workers) with 201 distinct 4096 x 1953 PNGs', async () => {
    const place = await freshPlace('sqlite');
    const server = await startServer({
      ...place.env,
      DIST_DIR: fakeDist(),
      APP_MODE: 'canada',
      PDF_WORKERS: '1',
    });
    /** The process's resident memory now and at its peak (MB), worker threads included. */
    const memory = () => {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    };
    // Past 1.5 GB the server is stopped, so that a failing run does not take the machine's memory.
    let watching = true;
    let worst = 0;
    let stopped = false;
    const watch = (async () => {
      while (watching) {
        const m = memory();
        worst = Math.max(worst, m.rss);
        if (m.rss > 1536) {
          stopped = true;
          await server.stop();
          return;
        }
        await sleep(50);
      }
    })();
    try {
      // A 200-roof project, calculated: its note draws a chart per roof. And one of 20 roofs (200 in the
      // full run) for a note as the page sends it.
      const browser = new Browser(server.url);
      const calculated = async (roofs: number) => {
        const made = await browser.send(
          'POST',
          '/api/smca/project',
          projectBody('smca', (d) => {
            const list = d.roofs as Record<string, unknown>[];
            d.roofs = Array.from({ length: roofs }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
          }),
        );
        expect(made.status).toBe(200);
        const id = (made.body as { id: string }).id;
        expect((await browser.send('GET', `/api/smca/calculate/${id}`)).status).toBe(200);
        return id;
      };
      const id = await calculated(200);
      const roofs = size(20, 200);
      const other = roofs === 200 ? id : await calculated(roofs);
      const images = distinctPngs(201, 4096, 1953);
      const before = memory();
      const hostile = note({
        informations: images.slice(0, 6).map((image) => ({ text: null, image })),
        pluviometrie: images[6],
        toitures: images.slice(7),
      });
      console.info(`note body ${(JSON.stringify(hostile).length / 1e6).toFixed(1)} MB`);
      const answers = [];
      for (let i = 0; i < size(2, 5); i += 1)
        answers.push(await browser.send('POST', `/api/smca/pdf_download/${id}`, hostile));
      // Within the budget, as the page sends it: two large photos (16 megapixels) and the charts at the
      // width the page sends them (201 of 600 x 173: 21 megapixels). Printed, each image within its place.
      const charts = distinctPngs(roofs + 1, 600, 173);
      const printing = performance.now();
      const fits = await fetch(`${server.url}/api/smca/pdf_download/${other}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: browser.cookie },
        body: JSON.stringify(
          note({
            informations: images.slice(0, 2).map((image) => ({ text: null, image })),
            pluviometrie: charts[0],
            toitures: charts.slice(1),
          }),
        ),
      });
      const pdf = Buffer.from(await fits.arrayBuffer());
      const printed = performance.now() - printing;
      const after = memory();
      const peak = Math.max(after.peak, worst);
      console.info(
        `server memory: ${before.rss.toFixed(0)} MB before the notes, ${after.rss.toFixed(0)} MB after, ` +
          `peak ${peak.toFixed(0)} MB; answers ${JSON.stringify(answers.map((a) => a.status))}, then ${fits.status} ` +
          `(${charts.length} charts and 2 photos printed in ${Math.round(printed)} ms)`,
      );
      expect(peak).toBeLessThan(1024);
      // The 201 large images were refused before anything decoded them: 1.6 gigapixels, past the budget.
      for (const r of answers) {
        expect(r.status).toBe(413);
        expect(r.body).toMatchObject({ code: 'note_pixels', details: { limit: 40 } });
      }
      expect(fits.status).toBe(200);
      expect(await pdfText(pdf)).toContain(`Toiture ${roofs}`);
      const drawn = imagesOf(pdf);
      // the photos and the rainfall chart; the roofs' charts are not drawn past six roofs (their months
      // are tables, server/pdf/noteResults.tsx), nor decoded
      expect(drawn.length).toBeGreaterThanOrEqual(3);
      expect(drawn.length).toBeLessThan(charts.length);
      for (const d of drawn) {
        expect(d.width).toBeLessThanOrEqual(NOTE_IMAGE_BOX_PX.width);
        expect(d.height).toBeLessThanOrEqual(NOTE_IMAGE_BOX_PX.height);
      }
    } catch (e) {
      if (stopped)
        throw new Error(`the server went past 1.5 GB (${Math.round(worst)} MB) and was stopped`, {
          cause: e,
        });
      throw e;
    } finally {
      watching = false;
      await watch;
      await server.stop();
      await place.drop();
    }
  });
});
