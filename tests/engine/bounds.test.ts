/**
 * The engine's part of the bounds (issue 36 item 5): how a bound reads in each unit system, which
 * answers a save refuses (boundProblems), how a stored project beyond a bound opens, and a scaled value
 * too large to round.
 */
import { describe, expect, it } from 'vitest';
import {
  boundProblems,
  derive,
  fromServer,
  initialStep,
  loadedStatuses,
  setPath,
  toServer,
  type StepStatus,
} from '../../engine';
import { shownBound } from '../../engine/units';
import { bundleOf, validProject } from './helpers';

const sl = bundleOf('sl');
const smca = bundleOf('smca');
const valid = (n: number) => Array.from({ length: n }, () => 1 as StepStatus);
/** The stored form of a local project, every step valid. */
const stored = (bundle: typeof sl, data: Record<string, unknown>) =>
  toServer(bundle, derive(bundle, data).data, valid(bundle.steps.length));

describe('shownBound', () => {
  it('keeps a metric bound as it is', () => {
    expect(shownBound(1_000_000, 'area_m2', 'METRIC', 'max')).toBe(1_000_000);
    expect(shownBound(0.001, undefined, 'IMPERIAL', 'min')).toBe(0.001);
  });
  it('reads an imperial bound to three figures, towards what it allows', () => {
    // 1,000,000 m2 = 10,763,910 ft2: a maximum rounds down, so every value it allows is allowed
    expect(shownBound(1_000_000, 'area_m2', 'IMPERIAL', 'max')).toBe(10_700_000);
    // 40 mm = 1.5748 in: a minimum rounds up
    expect(shownBound(40, 'length_mm', 'IMPERIAL', 'min')).toBe(1.58);
    expect(shownBound(500_000, 'volume_m3', 'IMPERIAL', 'max')).toBe(132_000_000);
    // a bound that converts to a round figure stays that figure
    expect(shownBound(25.4, 'length_mm', 'IMPERIAL', 'max')).toBe(1);
    expect(shownBound(0, 'area_m2', 'IMPERIAL', 'min')).toBe(0);
  });
});

describe('boundProblems', () => {
  it('names each number past its bound with the form message, in the project unit; a hidden one is none', () => {
    let data = setPath(validProject('smca'), 'roofs.0.surface', 2_000_000);
    // roof 2 is conventional: its insulation is hidden, and a save does not refuse it
    data = setPath(data, 'roofs.1.insulation', 5000);
    data = setPath(data, 'unit_system', 'IMPERIAL');
    const problems = boundProblems(smca, stored(smca, data));
    expect(problems).toEqual([
      {
        field: 'steps.Toiture.forms.0.form.surface',
        path: 'roofs.0.surface',
        rule: 'maximum',
        message: {
          key: 'errors.maximum',
          params: { max: 10_700_000, unit: 'units.ft2', context: 'unit' },
        },
      },
    ]);
  });
  it('refuses a check the bundle marks as a bound, not a missing answer nor a hidden one', () => {
    let data = setPath(validProject('sl'), 'roofs.0.drainage', { horizontal: 10_000, vertical: 0 });
    // missing: a project in progress is saved
    data = setPath(data, 'roofs.0.name', null);
    data = setPath(data, 'project.city', null);
    const project = stored(sl, data);
    // hidden (no imposed leakage): the form resets it, a save does not refuse it
    project.steps.Chantier!.forms[0]!.form.fuite_value = 1e308;
    expect(boundProblems(sl, project)).toEqual([
      {
        field: 'steps.Toiture.forms.0.form.evac_horizontal',
        path: 'roofs.0.drainage.horizontal',
        rule: 'check',
        message: { key: 'sl.errors.drains_per_area', params: { max: 120, surface: 1200 } },
      },
    ]);
  });
  it('finds nothing in a valid project', () => {
    expect(boundProblems(sl, stored(sl, validProject('sl')))).toEqual([]);
    expect(boundProblems(smca, stored(smca, validProject('smca')))).toEqual([]);
  });
});

describe('a project stored beyond a bound', () => {
  it('opens on the step the bound blocks, its status blocking', () => {
    const project = stored(sl, validProject('sl'));
    project.steps.Toiture!.forms[0]!.form.surface_retention = 2_000_000;
    const { data, statuses } = fromServer(sl, project);
    expect(statuses).toEqual([1, 1, 1]);
    const opened = loadedStatuses(derive(sl, data), statuses);
    expect(opened).toEqual([1, 1, 3]);
    expect(initialStep(opened)).toBe(2);
    // a step never checked (0) or only passable (2) is left as it was
    expect(loadedStatuses(derive(sl, data), [0, 2, 0])).toEqual([0, 2, 0]);
  });
  it('keeps a scaled value too large to round as it is, never an infinity', () => {
    const data = setPath(validProject('smca'), 'roofs.0.substrate.thickness', 1e308);
    const project = stored(smca, data);
    // mm stored as cm (scale 0.1): 1e307, which a save then refuses, rather than Infinity stored as null
    expect(project.steps.Toiture!.forms[0]!.form.substrat_stroke).toBe(1e308 * 0.1);
  });
});
