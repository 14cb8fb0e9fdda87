import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiOf, CALCULATOR_IDS, loadCalculator } from '../../app/calculators';

const schemas = join(import.meta.dirname, '../../schemas');
const onDisk = readdirSync(schemas, { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(join(schemas, d.name)).includes('bundle.json'))
  .map((d) => ({
    id: d.name,
    bundle: JSON.parse(readFileSync(join(schemas, d.name, 'bundle.json'), 'utf8')) as {
      productType: string;
      locales: string[];
    },
  }));

describe("a calculator's facts, known before its bundle (virtual:calculator-facts)", () => {
  it('every calculator folder is known, with the API its bundle names', () => {
    expect(onDisk.map((c) => c.id).sort()).toEqual([...CALCULATOR_IDS].sort());
    for (const c of onDisk) expect(apiOf(c.id)).toBe(`/api/${c.bundle.productType}`);
    expect(apiOf('sl')).toBe('/api/slowli');
  });

  it('an unknown calculator is refused, not sent to /api/undefined', () => {
    expect(() => apiOf('nope')).toThrow(/unknown calculator 'nope'/);
  });

  it('loads a calculator in the locale picked among those its bundle declares, with its API', async () => {
    const en = await loadCalculator('smca', (locales) => (locales.includes('en') ? 'en' : 'fr'));
    expect(Object.keys(en.messages)).toEqual(['en']);
    expect(en.api).toBe('/api/smca');
    expect(en.bundle.id).toBe('smca');
    // a locale the bundle does not declare falls back to its first
    const sl = await loadCalculator('sl', () => 'en');
    expect(Object.keys(sl.messages)).toEqual(['fr']);
  });
});
