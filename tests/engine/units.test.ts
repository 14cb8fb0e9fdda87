import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayDecimals, fromDisplay, roundTo, toDisplay, unitKey } from '../../engine';
import type { Quantity } from '../../engine';

const CONVERTED: Quantity[] = ['length_mm', 'length_cm', 'area_m2', 'volume_m3'];

describe('toDisplay', () => {
  it('shows millimetres as inches in IMPERIAL, to the hundredth (as a rain gauge reads), unless typed so', () => {
    expect(toDisplay(101.6, 'length_mm', 'IMPERIAL')).toBe(4);
    expect(toDisplay(10, 'length_mm', 'IMPERIAL')).toBe(0.39);
    // a round metric depth or thickness reads without false precision (was 0.197 in, 11.811 in)
    expect(toDisplay(5, 'length_mm', 'IMPERIAL')).toBe(0.2);
    expect(toDisplay(300, 'length_mm', 'IMPERIAL')).toBe(11.81);
    // an eighth of an inch typed comes back as typed
    expect(toDisplay(fromDisplay(0.125, 'length_mm', 'IMPERIAL'), 'length_mm', 'IMPERIAL')).toBe(0.125);
  });
  it('shows centimetres as inches, m2 as ft2 and m3 as US gallons', () => {
    expect(toDisplay(2.54, 'length_cm', 'IMPERIAL')).toBe(1);
    expect(toDisplay(0.092903, 'area_m2', 'IMPERIAL')).toBe(1);
    expect(toDisplay(1, 'volume_m3', 'IMPERIAL')).toBe(264);
  });
  it('shows US gallons whole, as the results do (50 m3 is 13 209 gal, not 13 208.603), unless typed so', () => {
    expect(toDisplay(50, 'volume_m3', 'IMPERIAL')).toBe(13209);
    expect(toDisplay(fromDisplay(13208.6, 'volume_m3', 'IMPERIAL'), 'volume_m3', 'IMPERIAL')).toBe(13208.6);
    expect(displayDecimals('volume_m3', 'IMPERIAL')).toBe(0);
    expect(displayDecimals('length_mm', 'IMPERIAL')).toBe(2);
    expect(displayDecimals('volume_m3', 'METRIC')).toBe(3);
    expect(displayDecimals('count', 'METRIC')).toBeUndefined();
  });
  it('leaves metric values and counts as they are', () => {
    expect(toDisplay(12.345, 'length_mm', 'METRIC')).toBe(12.345);
    expect(toDisplay(3, 'count', 'IMPERIAL')).toBe(3);
  });
  it('passes blanks through', () => {
    expect(toDisplay(null, 'length_mm', 'IMPERIAL')).toBeNull();
  });
});

describe('unitKey', () => {
  it('names the unit shown in each system', () => {
    expect(unitKey('length_mm', 'IMPERIAL')).toBe('units.in');
    expect(unitKey('area_m2', 'METRIC')).toBe('units.m2');
    expect(unitKey('count', 'METRIC')).toBeUndefined();
  });
});

describe('roundTo', () => {
  it('rounds half away from zero without binary noise', () => {
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('typed -> stored -> shown', () => {
  it('is the identity at display precision for every converted quantity (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONVERTED),
        fc.integer({ min: 0, max: 10_000_000 }),
        (q, thousandths) => {
          const typed = thousandths / 1000;
          const stored = fromDisplay(typed, q, 'IMPERIAL') as number;
          expect(toDisplay(stored, q, 'IMPERIAL')).toBe(typed);
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('survives a save as JSON and a reload', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONVERTED), fc.integer({ min: 0, max: 1_000_000 }), (q, n) => {
        const typed = n / 1000;
        const stored = JSON.parse(JSON.stringify(fromDisplay(typed, q, 'IMPERIAL'))) as number;
        expect(toDisplay(stored, q, 'IMPERIAL')).toBe(typed);
      }),
    );
  });
});

describe('toDisplay after a unit switch', () => {
  it('shows a metric value without binary noise, keeping the stored value exact', () => {
    const stored = fromDisplay(5000, 'volume_m3', 'IMPERIAL') as number; // 5000 US gal
    expect(stored).toBeCloseTo(18.9270589, 12); // exactly what was typed, up to binary noise
    expect(toDisplay(stored * (1 + 1e-16), 'volume_m3', 'METRIC')).toBe(18.927);
    expect(toDisplay(18.927058900000002, 'volume_m3', 'METRIC')).toBe(18.927);
    expect(toDisplay(1200.5, 'area_m2', 'METRIC')).toBe(1200.5);
    expect(toDisplay(3, 'count', 'METRIC')).toBe(3);
  });
});
