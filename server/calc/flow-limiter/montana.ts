/**
 * The design rain of a flow-limiter project (issue 25, item 5): the Montana coefficients its authority
 * imposes. Either a published set (montana.json: a regional set for the site's département when the
 * product holds one, else the default set), for the return period the site step chooses (10 years when
 * none), or the coefficients the user types (a, b, their duration range, their return period and the
 * document that imposes them). Every result names the set it used and where it comes from.
 */
import montana from './montana.json' with { type: 'json' };
import { departmentOf } from '../postcode';
import { num, type Reason } from '../types';
import type { RainSet } from '../../../words/results/flow-limiter';

interface PublishedSet {
  a: number;
  b: number;
  validity_min: number[];
  provenance: string;
  source?: string;
}
type Sets = Record<string, PublishedSet>;
export interface MontanaData {
  default: Sets;
  departments: Record<string, Sets>;
}

const { description: _about, ...sets } = montana;
const DATA: MontanaData = sets;

const SITE = 'steps.Chantier.forms.0.form';

/** Why the site's rain cannot be used, each with its field (empty: it can). */
export function rainReasons(site: Record<string, unknown>, data: MontanaData = DATA): Reason[] {
  const reasons: Reason[] = [];
  const T = num(site.montana_periode);
  if (site.montana_source === 'saisi') {
    const a = num(site.montana_a);
    const b = num(site.montana_b);
    const d0 = num(site.montana_duree_min);
    const d1 = num(site.montana_duree_max);
    if (a === null || a <= 0)
      reasons.push({
        code: 'invalid_value',
        field: `${SITE}.montana_a`,
        message: 'Montana a must be greater than 0',
      });
    if (b === null || b <= 0 || b >= 1)
      reasons.push({
        code: 'invalid_value',
        field: `${SITE}.montana_b`,
        message: 'Montana b must lie between 0 and 1',
      });
    if (d0 === null || d0 <= 0)
      reasons.push({
        code: 'invalid_value',
        field: `${SITE}.montana_duree_min`,
        message: 'The shortest duration must be greater than 0',
      });
    if (d1 === null || (d0 !== null && d1 <= d0))
      reasons.push({
        code: 'invalid_value',
        field: `${SITE}.montana_duree_max`,
        message: 'The longest duration must be greater than the shortest',
      });
    if (T === null || T <= 0)
      reasons.push({
        code: 'invalid_value',
        field: `${SITE}.montana_periode`,
        message: 'The return period must be greater than 0',
      });
  } else if (T !== null && !(String(T) in data.default)) {
    reasons.push({
      code: 'invalid_value',
      field: `${SITE}.montana_periode`,
      message: `No published Montana set for a return period of ${T} years`,
    });
  }
  return reasons;
}

/** The Montana set of a site (call rainReasons first): typed, the département's, or the default. */
export function rainOf(
  site: Record<string, unknown>,
  defaultPeriod: number,
  data: MontanaData = DATA,
): RainSet {
  const T = num(site.montana_periode) ?? defaultPeriod;
  if (site.montana_source === 'saisi') {
    const reference = typeof site.montana_reference === 'string' ? site.montana_reference.trim() : '';
    return {
      source: 'typed',
      a: num(site.montana_a)!,
      b: num(site.montana_b)!,
      validity_min: [num(site.montana_duree_min)!, num(site.montana_duree_max)!],
      return_period_years: T,
      department: null,
      provenance: 'typed: coefficients entered for the project',
      reference: reference || null,
    };
  }
  const department = departmentOf(site.postcode);
  const regional = department ? data.departments[department]?.[String(T)] : undefined;
  const set = regional ?? data.default[String(T)]!;
  return {
    source: 'published',
    a: set.a,
    b: set.b,
    validity_min: [set.validity_min[0]!, set.validity_min[1]!],
    return_period_years: T,
    department: regional ? department : null,
    provenance: set.provenance,
    reference: regional?.source ?? null,
  };
}
