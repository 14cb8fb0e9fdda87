import { afterEach, describe, expect, it } from 'vitest';
import { OverBudget, PdfPool } from '../../server/pdf/pool';
import type { NoteInput } from '../../server/pdf/renderNote';
import { projectBody } from '../server/projects.fixtures';

const input = (roofs: number): NoteInput => {
  const body = projectBody('sl', (d) => {
    const list = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: roofs }, (_, i) => ({ ...list[0], name: `Toiture ${i + 1}` }));
  });
  return {
    type: 'slowli',
    locale: 'fr',
    project: {
      id: 'p1',
      name: 'Budget',
      city: 'Lyon',
      postcode: '69003',
      company: 'Bureau',
      content: JSON.stringify(body.steps),
      results: null,
    },
    entries: [],
    charts: { pluviometrie: null, toitures: [] },
    attachments: [],
    date: '2026-11-23',
  };
};

describe('the PDF pool keeps each note within its budget', () => {
  let pool: PdfPool | undefined;
  afterEach(async () => pool?.close());

  it('stops a note over its time budget (its worker terminated), and a budget that fits prints it', async () => {
    pool = new PdfPool({ size: 1, queue: 2, timeoutMs: 1, memoryMb: 256 });
    await expect(pool.render(input(50))).rejects.toEqual(new OverBudget('time'));
    const generous = new PdfPool({ size: 1, queue: 2, timeoutMs: 60_000, memoryMb: 256 });
    try {
      const pdf = await generous.render(input(1));
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    } finally {
      await generous.close();
    }
  });

  it('stops a note over its memory budget without harming the server', async () => {
    pool = new PdfPool({ size: 1, queue: 2, timeoutMs: 60_000, memoryMb: 8 });
    await expect(pool.render(input(200))).rejects.toEqual(new OverBudget('memory'));
  });
});
