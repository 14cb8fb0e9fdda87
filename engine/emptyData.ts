import type { Bundle, DataSchema } from './types';

function defaultsOf(schema: DataSchema): unknown {
  if (schema.type === 'object' && schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, defaultsOf(s)]));
  }
  return schema.default === undefined ? null : schema.default;
}

/**
 * A new item of the array at `path`: the defaults of every step that stores its fields there (the roofs
 * carry both the Toiture fields and the Deversement destination).
 */
export function defaultItem(bundle: Bundle, path: string): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const step of bundle.steps) {
    if (step.path === path) Object.assign(item, defaultsOf(step.schema) as Record<string, unknown>);
  }
  return item;
}

/**
 * The local model of a new project: schema defaults (null where none), one card for repeating steps with
 * `repeat.min >= 1`, none otherwise, gates closed, `unit_system` METRIC when the bundle offers several.
 */
export function emptyData(bundle: Bundle): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const step of bundle.steps) {
    if (step.repeat?.mirror !== undefined) continue;
    if (step.gate) data[step.gate.path] = false;
    if (step.repeat) data[step.path] = step.repeat.min >= 1 ? [defaultItem(bundle, step.path)] : [];
    else
      data[step.path] = {
        ...((data[step.path] as object | undefined) ?? {}),
        ...(defaultsOf(step.schema) as object),
      };
  }
  if (bundle.unitSystems.length > 1) data.unit_system = bundle.unitSystems[0];
  return data;
}
