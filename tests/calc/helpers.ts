import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredProject } from '../../server/calc';
import type { Surface } from '../../server/calc/abattement/balance';
import params from '../../server/calc/abattement/params.json' with { type: 'json' };

const EX = join(import.meta.dirname, '../../server/calc/examples');

/** One of the example projects of server/calc/examples (a deep copy, free to change). */
export function example(name: 'sl-lyon' | 'sm-paris' | 'smca-toronto'): StoredProject & { product: string } {
  return JSON.parse(readFileSync(join(EX, `${name}.json`), 'utf8')) as StoredProject & { product: string };
}

/** The form of step `step`, card `i`, of a stored project (for editing in tests). */
export function form(p: StoredProject, step: string, i = 0): Record<string, unknown> {
  const f = p.steps[step]?.forms?.[i]?.form;
  if (!f) throw new Error(`no ${step} form ${i}`);
  return f;
}

/**
 * The Toronto example's surfaces, plainly (for the day-by-day reference balance): the tower roof (1500 m2,
 * 10 cm of SFX, a SOPRADRAIN ECO 5 and the retention mat) and the intensive podium (600 m2, 30 cm of P by
 * default), the podium spilling to `podiumTo` (0: onto the tower; -1: the sewer).
 */
export function torontoSurfaces(podiumTo: number): Surface[] {
  return [
    {
      name: 'tower',
      roof: true,
      area: 1500,
      capacity:
        100 * params.substrate_retention_fraction.SFX.value +
        params.ca_drain_storage_mm.SOPRADRAIN_ECO_5.value +
        params.retention_mat_mm.value,
      kc: params.crop_coefficient.CA_EXTENSIF.value,
      infiltration: 0,
      to: -1,
    },
    {
      name: 'podium',
      roof: true,
      area: 600,
      capacity: params.intensive_default_substrate_mm.value * params.substrate_retention_fraction.P.value,
      kc: params.crop_coefficient.INTENSIF.value,
      infiltration: 0,
      to: podiumTo,
    },
  ];
}
