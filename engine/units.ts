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

/** Imperial values are shown at this precision unless the field says otherwise. */
export const IMPERIAL_DECIMALS = 3;

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
 * have an imperial unit are rounded to `decimals` (default 3) in both systems; others only when
 * `decimals` is given.
 */
export function toDisplay(
  value: unknown,
  quantity: Quantity | undefined,
  system: UnitSystem,
  decimals?: number,
): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const factor = quantity ? METRIC_PER_IMPERIAL[quantity] : undefined;
  if (system === 'IMPERIAL' && factor) return roundTo(value / factor, decimals ?? IMPERIAL_DECIMALS);
  // A metric value that came through a unit switch carries binary noise (18.927058900000002 m3): shown
  // at the imperial precision; the stored value stays exact.
  if (decimals === undefined && factor) return roundTo(value, IMPERIAL_DECIMALS);
  return decimals === undefined ? value : roundTo(value, decimals);
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
