import { describe, expect, it } from 'vitest';
import { STATIONS, wetDaysOf } from '../../server/calc/abattement/stations';
import { dailyTemperature, stationSeries } from '../../server/calc/abattement/weather';

describe('stationSeries', () => {
  it.each(STATIONS.map((s) => [s.id, s] as const))(
    'reproduces the normals of %s (totals 1 %%, wet days 5 %%)',
    (_, s) => {
      const wet = wetDaysOf(s);
      const series = stationSeries(
        { id: s.id, lat: s.lat, precip_mm: s.precip_mm, wet_days: wet, temp_c: s.temp_c },
        100,
      );
      const total = new Array<number>(12).fill(0);
      const days = new Array<number>(12).fill(0);
      series.precip.forEach((p, i) => {
        const m = series.month[i]!;
        total[m]! += p;
        if (p >= 1) days[m]! += 1;
      });
      for (let m = 0; m < 12; m += 1) {
        expect(Math.abs(total[m]! / 100 - s.precip_mm[m]!)).toBeLessThanOrEqual(0.01 * s.precip_mm[m]!);
        expect(Math.abs(days[m]! / 100 - wet[m]!)).toBeLessThanOrEqual(0.05 * wet[m]! + 0.005);
      }
    },
  );
  it('is the same series for the same station (fixed seed)', () => {
    const s = STATIONS[0]!;
    const n = { id: s.id, lat: s.lat, precip_mm: s.precip_mm, wet_days: wetDaysOf(s), temp_c: s.temp_c };
    const a = stationSeries(n, 100);
    const b = stationSeries({ ...n }, 100);
    expect(Buffer.from(a.precip.buffer).equals(Buffer.from(b.precip.buffer))).toBe(true);
  });
});

describe('dailyTemperature', () => {
  it('passes through the monthly means at mid-month and interpolates across the new year', () => {
    const t = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110];
    expect(dailyTemperature(t, 15)).toBeCloseTo(0, 6); // 15.5 = mid-January
    expect(dailyTemperature(t, 364)).toBeGreaterThan(55);
    expect(dailyTemperature(t, 0)).toBeGreaterThan(0);
    expect(dailyTemperature(t, 0)).toBeLessThan(110);
  });
});
