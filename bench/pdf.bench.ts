/**
 * npm run bench:pdf — the calculation note of an sm project with 10 roofs, their chart images and the
 * rainfall chart, rendered warm (after three renders), median and p95 over 15 renders, beside a 1-roof
 * note measured in the same run. Goal: <= 300 ms for 10 roofs. Run with NODE_ENV=production, as the PDF
 * workers run (server/workers/boot.mjs).
 */
import { crc32 } from 'node:zlib';
import { deflateSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { calculate } from '../server/calc';
import { bundleOfProduct } from '../server/projects/products';
import { renderNote, type NoteInput } from '../server/pdf/renderNote';
import { projectBody } from '../tests/server/projects.fixtures';

/** A chart-like PNG (bars on white), the size the results page captures: 1000 x 400 pixels. */
function chartPng(seed: number): string {
  const w = 1000;
  const h = 400;
  const raw = Buffer.alloc((w * 3 + 1) * h, 255);
  for (let y = 0; y < h; y += 1) {
    raw[y * (w * 3 + 1)] = 0;
    for (let m = 0; m < 12; m += 1) {
      const top = h - 40 - ((m * 37 + seed * 11) % 300);
      if (y < top || y > h - 40) continue;
      for (let x = 60 + m * 78; x < 60 + m * 78 + 50; x += 1) {
        const o = y * (w * 3 + 1) + 1 + x * 3;
        raw[o] = 31;
        raw[o + 1] = 111;
        raw[o + 2] = 178;
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function note(roofs: number): NoteInput {
  const body = projectBody('sm', (d) => {
    const list = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: roofs }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
    d.spills = Array.from({ length: roofs }, () => ({ destination: null }));
  });
  const out = calculate(bundleOfProduct('skywater_manager'), { id: 'bench', steps: body.steps as never });
  if (!out.ok) throw new Error(JSON.stringify(out.reasons));
  return {
    type: 'skywater_manager',
    locale: 'fr',
    project: {
      id: 'bench',
      name: 'Groupe scolaire',
      city: 'Paris',
      postcode: '75019',
      company: 'Bureau Martin',
      content: JSON.stringify(body.steps),
      results: JSON.stringify(out.results),
    },
    entries: [{ text: 'Client historique', image: null }],
    charts: { pluviometrie: chartPng(99), toitures: Array.from({ length: roofs }, (_, i) => chartPng(i)) },
    attachments: [],
    date: '2026-11-23',
  };
}

async function measure(
  input: NoteInput,
  runs: number,
): Promise<{ median: number; p95: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < 3; i += 1) bytes = (await renderNote(input)).length;
  const xs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await renderNote(input);
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return {
    median: xs[Math.floor(runs / 2)]!,
    p95: xs[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!,
    bytes,
  };
}

const one = await measure(note(1), 15);
const ten = await measure(note(10), 15);
// issue 30: every printed note carries its verification code on each page and its address's QR code
const code = 'abcdefghijklmnopqrstuvwxyz';
const verifiable = await measure(
  { ...note(10), verification: { code, url: `https://calc.example.org/client/verify/${code}` } },
  15,
);
const f = (x: number) => `${x.toFixed(0)} ms`;
console.log('bench:pdf — calculation note of an sm project with chart images, warm renders');
console.log(
  `  baseline  1 roof : median ${f(one.median)}, p95 ${f(one.p95)} (${(one.bytes / 1024).toFixed(0)} KB)`,
);
console.log(
  `  10 roofs         : median ${f(ten.median)}, p95 ${f(ten.p95)} (${(ten.bytes / 1024).toFixed(0)} KB); goal <= 300 ms: ${ten.median <= 300 ? 'met' : 'NOT met'}`,
);
console.log(
  `  10 roofs, verifiable (code on each page, QR code on the cover): median ${f(verifiable.median)}, p95 ${f(verifiable.p95)} (${(verifiable.bytes / 1024).toFixed(0)} KB), ${(verifiable.median - ten.median).toFixed(0)} ms beside the 10 roofs above`,
);
