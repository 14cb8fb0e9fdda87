/**
 * A refusal's words (server/projects/refusal.ts): the first WORDED_REASONS reasons of a project that
 * cannot be saved or calculated, in the user's words, from the cards they name alone (deriving every
 * card of a 200-roof project took 30-40 ms of the server's thread for each refused save: a helper's
 * attack, 2026-11-28). The words are those the whole project's state gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, deriveCards, fromServer } from '../../engine';
import { boundReasons, type StoredProject } from '../../server/calc';
import { serverProjectOf } from '../../server/calc/types';
import { i18nOf } from '../../server/i18n';
import { bundleOfProduct } from '../../server/projects/products';
import { refusal, WORDED_REASONS } from '../../server/projects/refusal';
import { reasonText } from '../../words/reasonText';

const EXAMPLE = join(import.meta.dirname, '../../server/calc/examples/smca-toronto.json');

/** The Toronto example with `n` roofs, every one of them three times out of bounds. */
function outOfBounds(n: number): StoredProject {
  const project = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as {
    steps: Record<string, { forms: { form: Record<string, unknown>; uuid: string }[] }>;
  };
  const roof = project.steps.Toiture!.forms[0]!;
  project.steps.Toiture!.forms = Array.from({ length: n }, (_, i) => ({
    uuid: `Toiture${i}`,
    form: { ...roof.form, name: `Roof ${i + 1}`, surface: 1e12, insulation: -5, substrat_stroke: 1e9 },
  }));
  return project as unknown as StoredProject;
}

describe('a refusal', () => {
  const bundle = bundleOfProduct('smca');

  it('lists the first reasons, in the words the whole state gives', () => {
    const project = outOfBounds(40);
    const reasons = boundReasons(bundle, project);
    expect(reasons.length).toBe(120);
    const e = refusal('smca', project, reasons, 'en', 'out_of_bounds');
    const details = e.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toEqual(reasons.slice(0, WORDED_REASONS).map((r) => r.field));
    const { i18n } = i18nOf('smca', 'en');
    const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
    const whole = derive(bundle, fromServer(bundle, serverProjectOf(project)).data);
    expect(details.map((d) => d.message)).toEqual(
      reasons.slice(0, WORDED_REASONS).map((r) => reasonText(r, bundle, whole, t)),
    );
    expect(details[0]!.message).toMatch(/^Roof 1 \(Roof 1\) – /);
    expect(details[WORDED_REASONS - 1]!.message).toMatch(/^Roof 17 \(Roof 17\) – /);
  });

  it('derives the cards it is asked for as derive does, and those alone', () => {
    const data = fromServer(bundle, serverProjectOf(outOfBounds(6))).data;
    const roofs = bundle.steps.findIndex((s) => s.key === 'Toiture');
    const some = deriveCards(bundle, data, new Map([[roofs, new Set([1, 4])]]));
    const whole = derive(bundle, data);
    expect(some.steps[roofs]!.cards.map((c) => c?.index)).toEqual([
      undefined,
      1,
      undefined,
      undefined,
      4,
      undefined,
    ]);
    expect(some.steps[roofs]!.cards[4]).toEqual(whole.steps[roofs]!.cards[4]);
    expect(some.steps.filter((s, i) => i !== roofs).every((s) => s.cards.every((c) => c === undefined))).toBe(
      true,
    );
  });
});
