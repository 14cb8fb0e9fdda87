import { fromDisplay, toDisplay } from '../units';
import type { Quantity, UnitSystem } from '../types';

const SYSTEMS: readonly string[] = ['METRIC', 'IMPERIAL'];

/**
 * `{"convert_unit": [value, quantity, from_system, to_system]}`: converts a number between the metric
 * (stored) and imperial forms of a quantity ('length_mm', 'area_m2' ...). Unrounded; non-numbers and
 * unknown systems pass through.
 */
export function convertUnit(value: unknown, quantity: unknown, from: unknown, to: unknown): unknown {
  if (typeof quantity !== 'string' || !SYSTEMS.includes(String(from)) || !SYSTEMS.includes(String(to)))
    return value;
  if (from === to) return value;
  const q = quantity as Quantity;
  return from === 'METRIC'
    ? Number(toDisplay(value, q, to as UnitSystem, 12))
    : fromDisplay(value, q, from as UnitSystem);
}
