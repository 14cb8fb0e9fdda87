import fc from 'fast-check';
import jsonLogic from 'json-logic-js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_OPERATORS, OPERATORS, evaluate } from '../../../engine/rules';

/** json-logic-js itself (our operators are registered on it by engine/rules): the reference. */
const reference = (rule: unknown, data: unknown): { value?: unknown; error?: true } => {
  try {
    return { value: jsonLogic.apply(rule as jsonLogic.RulesLogic, data) };
  } catch {
    return { error: true };
  }
};
const ours = (rule: unknown, data: unknown): { value?: unknown; error?: true } => {
  try {
    return { value: evaluate(structuredClone(rule), data) };
  } catch {
    return { error: true };
  }
};

// Data the rules read: scalars of every kind json-logic meets, nested objects and arrays of items.
const scalar = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, -2, 2.5, '', '0', '1', 'a', 'roof_1', '12,5', 'AUTOPROTEGE'),
  fc.integer({ min: -5, max: 50 }),
);
const item = fc.record({ name: scalar, surface: scalar, destination: scalar, n: scalar });
const dataArb = fc.record({
  value: scalar,
  index: fc.nat(3),
  item,
  form: fc.record({
    roofs: fc.array(item, { maxLength: 4 }),
    has_ground: scalar,
    project: fc.record({ x: scalar }),
  }),
  unit_system: fc.constantFrom('METRIC', 'IMPERIAL'),
});
const paths = fc.constantFrom(
  'value',
  'index',
  'item.name',
  'item.surface',
  'form.roofs',
  'form.project.x',
  'form.roofs.0.name',
  'form.missing.deep',
  '',
  'current',
  'accumulator',
);
const { rule: ruleArb } = fc.letrec<{ rule: unknown }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.record({ var: fc.oneof(paths, fc.tuple(paths, scalar), fc.constant([])) }),
    fc
      .tuple(
        fc.constantFrom(...BUILTIN_OPERATORS.filter((o) => o !== 'log')),
        fc.array(tie('rule'), { maxLength: 4 }),
      )
      .map(([op, args]) => ({ [op]: args })),
    fc.tuple(fc.constantFrom('!', '!!', '-', 'var', 'in'), tie('rule')).map(([op, arg]) => ({ [op]: arg })),
    fc
      .tuple(
        fc.constantFrom('filter', 'map', 'all', 'none', 'some', 'reduce'),
        tie('rule'),
        tie('rule'),
        tie('rule'),
      )
      .map(([op, a, b, c]) => ({ [op]: op === 'reduce' ? [{ var: 'form.roofs' }, b, c] : [a, b] })),
    fc
      .tuple(fc.constantFrom(...Object.keys(OPERATORS)), fc.array(tie('rule'), { maxLength: 4 }))
      .map(([op, args]) => ({
        [op]: args,
      })),
    fc.array(tie('rule'), { maxLength: 3 }),
  ),
}));

/** Every json-logic node of a bundle: anything that is an object with one key naming a known operator. */
function rulesIn(node: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((n) => rulesIn(n, out));
  else if (node !== null && typeof node === 'object') {
    const keys = Object.keys(node);
    if (keys.length === 1 && (BUILTIN_OPERATORS.includes(keys[0]!) || keys[0]! in OPERATORS)) out.push(node);
    Object.values(node).forEach((n) => rulesIn(n, out));
  }
  return out;
}

describe('compiled rules', () => {
  it('answer as json-logic-js does on 5,000 random rules and data (or both fail)', () => {
    fc.assert(
      fc.property(ruleArb, dataArb, (rule, data) => {
        expect(ours(rule, data)).toEqual(reference(rule, data));
      }),
      { seed: 20261124, numRuns: 5000 },
    );
  });

  it('answer as json-logic-js does for every rule of every calculator, on its fixtures', () => {
    const root = join(import.meta.dirname, '../../../schemas');
    let checked = 0;
    for (const id of readdirSync(root).filter((d) => d !== 'common')) {
      let bundle: unknown;
      try {
        bundle = JSON.parse(readFileSync(join(root, id, 'bundle.json'), 'utf8'));
      } catch {
        continue;
      }
      const fixtures = join(root, id, 'fixtures');
      const forms = readdirSync(fixtures, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as Record<string, unknown>);
      for (const rule of rulesIn(bundle))
        for (const form of forms)
          for (const index of [0, 1]) {
            const roofs = (form.roofs as unknown[] | undefined) ?? [];
            const data = {
              form,
              item: roofs[index] ?? form,
              index,
              value: null,
              unit_system: 'METRIC',
              admin: true,
            };
            expect(ours(rule, data), JSON.stringify(rule)).toEqual(reference(rule, data));
            checked += 1;
          }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('keep json-logic-js details: loose ==, empty arrays false, else-less if null, unknown operators fail', () => {
    expect(evaluate({ '==': [1, '1'] }, {})).toBe(true);
    expect(evaluate({ '!': [[]] }, {})).toBe(true);
    expect(evaluate({ if: [false, 1] }, {})).toBeNull();
    expect(evaluate({ var: ['a.b', 'none'] }, { a: {} })).toBe('none');
    expect(evaluate({ '+': ['1', 2] }, {})).toBe(3);
    expect(evaluate({ cat: ['a', null, 1] }, {})).toBe('a1');
    expect(() => evaluate({ no_such_op: [1] }, {})).toThrow(/no_such_op/);
  });
});
