import type { Bundle } from '../../engine';

/** Every form option of a bundle: value -> its label (a message key, or a literal). */
export function optionLabels(bundle: Bundle): Map<string, { label: string; literal: boolean }> {
  const out = new Map<string, { label: string; literal: boolean }>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.value === 'string' && typeof o.label === 'string' && !out.has(o.value))
        out.set(o.value, { label: o.label, literal: o.literal === true });
      Object.values(o).forEach(walk);
    }
  };
  walk(bundle.steps);
  return out;
}
