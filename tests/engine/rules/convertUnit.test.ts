import { describe, expect, it } from 'vitest';
import { convertUnit } from '../../../engine/rules/convertUnit';
import { evaluate } from '../../../engine/rules';

describe('convert_unit', () => {
  it('converts stored millimetres to inches', () => {
    expect(convertUnit(25.4, 'length_mm', 'METRIC', 'IMPERIAL')).toBeCloseTo(1, 12);
  });
  it('converts typed inches back to millimetres', () => {
    expect(convertUnit(2, 'length_mm', 'IMPERIAL', 'METRIC')).toBeCloseTo(50.8, 12);
  });
  it('converts square metres to square feet and US gallons to cubic metres', () => {
    expect(convertUnit(0.092903, 'area_m2', 'METRIC', 'IMPERIAL')).toBeCloseTo(1, 9);
    expect(convertUnit(1000, 'volume_m3', 'IMPERIAL', 'METRIC')).toBeCloseTo(3.78541178, 9);
  });
  it('leaves the value alone within one system, for counts and for unknown systems', () => {
    expect(convertUnit(12, 'length_mm', 'METRIC', 'METRIC')).toBe(12);
    expect(convertUnit(3, 'count', 'METRIC', 'IMPERIAL')).toBe(3);
    expect(convertUnit(12, 'length_mm', 'METRIC', 'NAUTICAL')).toBe(12);
  });
  it('passes non-numbers through', () => {
    expect(convertUnit(null, 'length_mm', 'IMPERIAL', 'METRIC')).toBeNull();
    expect(convertUnit('', 'length_mm', 'IMPERIAL', 'METRIC')).toBe('');
  });
  it('checks a thickness in mm whatever the unit system (smca 40-400 mm)', () => {
    const rule = {
      between: [{ convert_unit: [{ var: 'value' }, 'length_mm', 'METRIC', 'METRIC'] }, 40, 400],
    };
    expect(evaluate(rule, { value: 101.6 })).toBe(true);
  });
});
