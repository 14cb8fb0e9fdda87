import { describe, expect, it } from 'vitest';
import { BundleError, loadBundle, type HistoryDef, type WorkflowDef } from '../../engine';
import { bundleOf } from './helpers';

const good = (): Record<string, unknown> =>
  structuredClone(bundleOf('sl')) as unknown as Record<string, unknown>;
type Mut = (b: {
  steps: { ui: { 'ui:order': string[]; fields: Record<string, unknown> }; rules?: Record<string, unknown> }[];
}) => void;
const broken = (m: Mut): unknown => {
  const b = good();
  m(b as unknown as Parameters<Mut>[0]);
  return b;
};

describe('loadBundle', () => {
  it('loads the sl bundle', () => {
    expect(loadBundle(good()).id).toBe('sl');
  });
  it('refuses a bundle that breaks the meta-schema, naming the place', () => {
    const b = good();
    delete b.steps;
    expect(() => loadBundle(b)).toThrow(BundleError);
    expect(() => loadBundle({ ...good(), id: 42 })).toThrow(/\/id/);
  });
  it('refuses an unknown json-logic operator', () => {
    const b = broken((x) => {
      x.steps[2]!.rules = {
        name: { check: [{ when: { frobnicate: [1] }, severity: 2, message: 'errors.required' }] },
      };
    });
    expect(() => loadBundle(b)).toThrow(/frobnicate/);
  });
  it('checks the order workflow: its rules read its own data, its commands lead to its states', () => {
    const sl = good() as unknown as { workflow: WorkflowDef };
    const wrongRoot = structuredClone(sl);
    wrongRoot.workflow.transitions[1]!.from = { '!=': [{ var: 'status' }, 'commanded'] };
    expect(() => loadBundle(wrongRoot)).toThrow(/workflow\/transitions\/1\/from.*status/);
    const wrongState = structuredClone(sl);
    wrongState.workflow.transitions[0]!.to = 'comanded';
    expect(() => loadBundle(wrongState)).toThrow(/comanded/);
    const wrongCell = structuredClone(sl);
    wrongCell.workflow.workbook!.sheets[1]!.cells![0]!.value = { var: 'row.name' };
    expect(() => loadBundle(wrongCell)).toThrow(/sheets\/1\/cells\/0/);
    const wrongKept = structuredClone(sl);
    wrongKept.workflow.kept = ['commanded', 'refused'];
    expect(() => loadBundle(wrongKept)).toThrow(/workflow\/kept\/1.*'refused'/);
  });
  it("checks the history's record and answers: server fields of mapped steps", () => {
    const sl = good() as unknown as { history: HistoryDef };
    expect(sl.history.record?.city).toEqual({ step: 'Chantier', field: 'city' });
    const wrongField = structuredClone(sl);
    wrongField.history.record!.city = { step: 'Chantier', field: 'ville' };
    expect(() => loadBundle(wrongField)).toThrow(/history\/record\/city\/field.*ville/);
    const wrongStep = structuredClone(sl);
    wrongStep.history.answers = { Site: ['name'] };
    expect(() => loadBundle(wrongStep)).toThrow(/history\/answers\/Site.*no mapped step 'Site'/);
    const unknownColumn = structuredClone(sl) as unknown as { history: { record: Record<string, unknown> } };
    unknownColumn.history.record.colour = { step: 'Chantier', field: 'name' };
    expect(() => loadBundle(unknownColumn)).toThrow(/history\/record/);
  });
  it('refuses a rule on a field that does not exist', () => {
    const b = broken((x) => {
      x.steps[2]!.rules = { colour: { readonly: true } };
    });
    expect(() => loadBundle(b)).toThrow(/colour/);
  });
  it('refuses a rule reading a field that does not exist', () => {
    const b = broken((x) => {
      x.steps[2]!.rules = { name: { readonly: { var: 'item.colour' } } };
    });
    expect(() => loadBundle(b)).toThrow(/colour/);
  });
  it('refuses a field in ui:order without a ui entry', () => {
    const b = broken((x) => {
      x.steps[0]!.ui['ui:order'].push('fax');
    });
    expect(() => loadBundle(b)).toThrow(/fax/);
  });
});
