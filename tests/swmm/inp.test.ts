/**
 * The .inp writer's title: a line SWMM would read as a section's name (a project named "[Bâtiment B]
 * Toiture", a helper's check of 2026-11-29: SWMM 5.2.4 refused the model with ERROR 205 on each title line).
 */
import { describe, expect, it } from 'vitest';
import { inpFile, inpText } from '../../server/calc/swmm/inp';
import { runSwmm, swmmBinary } from './runswmm';

const model = (name: string) =>
  inpFile(
    [`${name}, projet n° 3`, 'second line'],
    [
      { name: 'OPTIONS', rows: [{ fields: ['FLOW_UNITS', 'LPS'] }, { fields: ['END_TIME', '01:00:00'] }] },
      { name: 'OUTFALLS', rows: [{ fields: ['OUT', 0, 'FREE', 'NO'] }] },
    ],
  );

describe('the .inp title', () => {
  it('never starts a line with "[", and keeps the name\'s words', () => {
    const lines = model('[Bâtiment B] Toiture').split('\n');
    expect(lines[2]).toBe('(Bâtiment B) Toiture, projet n° 3');
    expect(model('[OPTIONS]').split('\n')[2]).toBe('(OPTIONS), projet n° 3');
    expect(model('Toiture [B]').split('\n')[2]).toBe('Toiture [B], projet n° 3');
  });

  it("writes a French semicolon as a comma, without the space before it (SWMM cuts a line at ';')", () => {
    expect(inpText('minute mm\u00a0; Interval son pas ; fin')).toBe('minute mm, Interval son pas, fin');
    expect(inpText('a;b')).toBe('a,b');
  });

  const swmm = swmmBinary();
  it.skipIf(!('path' in swmm))('is read by SWMM 5.2.4 whatever the name', async () => {
    for (const name of ['[Bâtiment B] Toiture', '[OPTIONS]', '[TITLE]']) {
      const r = await runSwmm((swmm as { path: string }).path, model(name));
      expect(r.errors, name).toEqual([]);
    }
  });
});
