/**
 * A fixed network of 20 roofs and 5 grounds (roofs spilling in chains of four, the last of each chain onto
 * a ground) run through the daily water balance at a station, returning every raw output. Shared by the
 * test that pins the balance's outputs and by the script that wrote its fixture
 * (`npx tsx tests/calc/balanceNetwork.ts > tests/calc/fixtures/balance-pin.json`), so that making the
 * balance faster can be shown to change none of its figures. Written again for method 3.0 (own rain
 * first, the sewer traced backward), whose `totals` are those pinned before it, to the digit.
 */
import { runBalance, topologicalOrder, type Surface } from '../../server/calc/abattement/balance';
import { stationPet } from '../../server/calc/abattement/pet';
import { STATIONS, wetDaysOf } from '../../server/calc/abattement/stations';
import { DAYS_IN_MONTH, stationSeries } from '../../server/calc/abattement/weather';

export function network(): Surface[] {
  const roofs: Surface[] = Array.from({ length: 20 }, (_, i) => ({
    name: `Roof ${i}`,
    roof: true,
    area: 100 + 37 * i,
    capacity: 6 + (i % 10) * 4,
    kc: 0.6 + (i % 3) * 0.15,
    infiltration: 0,
    to: i % 4 !== 3 ? i + 1 : 20 + Math.floor(i / 4),
  }));
  const grounds: Surface[] = Array.from({ length: 5 }, (_, g) => ({
    name: `Ground ${g}`,
    roof: false,
    area: 300 + 50 * g,
    capacity: 20 + 10 * g,
    kc: 1,
    infiltration: g % 2 ? 5 : 50,
    to: g === 4 || g % 2 ? -1 : 21 + g,
  }));
  return [...roofs, ...grounds];
}

export function balanceAt(stationId: string, years: number, target: number | null) {
  const station = STATIONS.find((s) => s.id === stationId)!;
  const series = stationSeries(
    {
      id: station.id,
      lat: station.lat,
      precip_mm: station.precip_mm,
      wet_days: wetDaysOf(station),
      temp_c: station.temp_c,
      ...(station.rain_mm ? { rain_mm: station.rain_mm } : {}),
      ...(station.tmax_c && station.tmin_c ? { tmax_c: station.tmax_c, tmin_c: station.tmin_c } : {}),
    },
    years,
    1,
  );
  const petDaily = stationPet(station, STATIONS).pet.map((x, m) => x / DAYS_IN_MONTH[m]!);
  const surfaces = network();
  const o = topologicalOrder(surfaces);
  if (!('order' in o)) throw new Error('the test network has a loop');
  return { surfaces, order: o.order, series, petDaily, target };
}

/** Every output of the balance as plain numbers. */
export function pinOutputs(stationId: string, target: number | null) {
  const a = balanceAt(stationId, 100, target);
  const b = runBalance(a.surfaces, a.order, a.series, a.petDaily, a.target, 3, 1);
  const plain = (xs: Float64Array[]) => xs.map((x) => Array.from(x));
  return {
    roofMonthRain: plain(b.roofMonthRain),
    roofMonthOwnOut: plain(b.roofMonthOwnOut),
    roofMonthSewer: plain(b.roofMonthSewer),
    roofMonthRainyDays: plain(b.roofMonthRainyDays),
    roofMonthRespected: plain(b.roofMonthRespected),
    siteMonthRespected: Array.from(b.siteMonthRespected),
    totals: b.totals,
  };
}

/** Lists (in `errors`) every number of `actual` that differs from `expected`'s by more than 1e-9 relative. */
export function compareOutputs(actual: unknown, expected: unknown, path: string, errors: string[]): void {
  if (typeof expected === 'number') {
    const a = actual as number;
    if (!(Math.abs(a - expected) <= 1e-9 * Math.max(1, Math.abs(expected))))
      errors.push(`${path}: ${a} instead of ${expected}`);
    return;
  }
  if (expected && typeof expected === 'object')
    for (const [k, v] of Object.entries(expected))
      compareOutputs((actual as Record<string, unknown>)[k], v, `${path}.${k}`, errors);
}

export const PIN_CASES = [
  { station: 'paris', target: 8 },
  { station: 'toronto', target: 5 },
] as const;

if (process.argv[1]?.endsWith('balanceNetwork.ts')) {
  process.stdout.write(
    JSON.stringify(PIN_CASES.map((c) => ({ ...c, outputs: pinOutputs(c.station, c.target) }))) + '\n',
  );
}
