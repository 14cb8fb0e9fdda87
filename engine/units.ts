import type { Quantity, UnitSystem } from './types';

/**
 * Metric value of one imperial unit, per quantity (seed 001 section 9): 1 in = 25.4 mm = 2.54 cm,
 * 1 ft2 = 0.092903 m2, 1 US gal = 3.78541178 L = 0.00378541178 m3. Quantities absent here are never
 * converted.
 */
const METRIC_PER_IMPERIAL: Partial<Record<Quantity, number>> = {
  length_mm: 25.4,
  length_cm: 2.54,
  area_m2: 0.092903,
  volume_m3: 0.00378541178,
};

const UNIT_KEYS: Record<Quantity, { METRIC?: string; IMPERIAL?: string }> = {
  length_mm: { METRIC: 'units.mm', IMPERIAL: 'units.in' },
  length_cm: { METRIC: 'units.cm', IMPERIAL: 'units.in' },
  area_m2: { METRIC: 'units.m2', IMPERIAL: 'units.ft2' },
  volume_m3: { METRIC: 'units.m3', IMPERIAL: 'units.gal' },
  flow_l_s: { METRIC: 'units.l_s', IMPERIAL: 'units.l_s' },
  rate_l_s_ha: { METRIC: 'units.l_s_ha', IMPERIAL: 'units.l_s_ha' },
  count: {},
};

/** Imperial values are shown at this precision unless the field or the quantity says otherwise. */
export const IMPERIAL_DECIMALS = 3;

/**
 * Quantities whose imperial unit is shown at another precision: US gallons whole (a gallon is 3.8 L; a
 * volume of 50 m3 reads 13 209 gal in the form as in the results, not 13 208.603); millimetres as
 * hundredths of an inch, the precision of a rain gauge (5 mm reads 0.2 in, not 0.197; 300 mm 11.81 in,
 * not 11.811); unless the stored value is a figure of that unit with decimals the user typed (up to 3),
 * which is shown as typed (0.125 in).
 */
const IMPERIAL_PRECISION: Partial<Record<Quantity, number>> = { volume_m3: 0, length_mm: 2 };

/**
 * The decimals a value of `quantity` is shown with in `system`: the field's own when it gives them, else
 * the imperial unit's precision (3, whole gallons); undefined for a metric value shown as stored.
 */
export function displayDecimals(
  quantity: Quantity | undefined,
  system: UnitSystem,
  decimals?: number,
): number | undefined {
  if (decimals !== undefined) return decimals;
  const factor = quantity ? METRIC_PER_IMPERIAL[quantity] : undefined;
  if (!factor) return undefined;
  return system === 'IMPERIAL' ? (IMPERIAL_PRECISION[quantity!] ?? IMPERIAL_DECIMALS) : IMPERIAL_DECIMALS;
}

/** Rounds to `decimals` places (half away from zero), without binary noise such as 1.0000000000000002. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * f + Number.EPSILON) / f);
}

/** Message key of the unit a quantity is shown in, or undefined for a pure count. */
export function unitKey(quantity: Quantity | undefined, system: UnitSystem): string | undefined {
  return quantity ? UNIT_KEYS[quantity][system] : undefined;
}

/**
 * Stored (metric) value -> value shown in `system`. Non-numbers pass through untouched. Quantities that
 * have an imperial unit are rounded to `decimals` (default 3; in IMPERIAL whole US gallons, hundredths of
 * an inch for millimetres, unless typed so) in both systems; others only when `decimals` is given.
 */
export function toDisplay(
  value: unknown,
  quantity: Quantity | undefined,
  system: UnitSystem,
  decimals?: number,
): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const factor = quantity ? METRIC_PER_IMPERIAL[quantity] : undefined;
  if (system === 'IMPERIAL' && factor) {
    const exact = value / factor;
    const own = IMPERIAL_PRECISION[quantity!];
    if (decimals !== undefined || own === undefined) return roundTo(exact, decimals ?? IMPERIAL_DECIMALS);
    // a value typed in this unit (13 208.6 gal) comes back as typed; one converted from metric is rounded
    const typed = roundTo(exact, IMPERIAL_DECIMALS);
    return Math.abs(exact - typed) <= 1e-9 * Math.max(1, Math.abs(exact)) ? typed : roundTo(exact, own);
  }
  // A metric value that came through a unit switch carries binary noise (18.927058900000002 m3): shown
  // at the imperial precision; the stored value stays exact.
  if (decimals === undefined && factor) return roundTo(value, IMPERIAL_DECIMALS);
  return decimals === undefined ? value : roundTo(value, decimals);
}

/**
 * A bound of a field (a stored, metric value) as a message shows it in `system`: as it is in metric; in
 * imperial, converted and rounded to three significant digits towards the values the bound allows (a
 * maximum of 1,000,000 m2 reads 10,700,000 ft2, a minimum of 40 mm 1.58 in), so that every value the
 * message allows is one the bound allows, and the message reads a round figure.
 */
export function shownBound(
  bound: number,
  quantity: Quantity | undefined,
  system: UnitSystem,
  side: 'min' | 'max',
): number {
  const factor = quantity ? METRIC_PER_IMPERIAL[quantity] : undefined;
  if (system !== 'IMPERIAL' || !factor || bound === 0 || !Number.isFinite(bound)) return bound;
  const exact = bound / factor;
  const step = 10 ** (Math.floor(Math.log10(Math.abs(exact))) - 2);
  const n = exact / step;
  // a bound that converts to a round figure (1e-9 of binary noise) stays that figure
  const near = Math.round(n);
  const steps = Math.abs(n - near) < 1e-6 ? near : side === 'max' ? Math.floor(n) : Math.ceil(n);
  return roundTo(steps * step, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(exact)))));
}

/**
 * Value typed in `system` -> stored metric value, unrounded so that showing it again gives back what was
 * typed. Non-numbers pass through untouched.
 */
export function fromDisplay(value: unknown, quantity: Quantity | undefined, system: UnitSystem): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const factor = quantity ? METRIC_PER_IMPERIAL[quantity] : undefined;
  return system === 'IMPERIAL' && factor ? value * factor : value;
}
