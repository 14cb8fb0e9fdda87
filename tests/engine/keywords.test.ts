/**
 * The JSON Schema keywords of a step are checked by the validators npm run bundles:build precompiles
 * (@rjsf/validator-ajv8's compileSchemaValidators): the engine runs the written module's functions, the
 * same the page and rjsf's Form run.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, keywordValidator, registerValidators, validatorId } from '../../engine';
import { bundleOf, validProject } from './helpers';

const written = createRequire(import.meta.url)(
  join(import.meta.dirname, '../../schemas/sl/generated/validators.js'),
) as Record<string, unknown>;

describe('keyword validators', () => {
  it('runs the precompiled function written for each step schema', () => {
    const bundle = bundleOf('sl');
    registerValidators(written);
    for (const step of bundle.steps) {
      const id = validatorId(step.schema);
      expect(written[id], step.key).toBeTypeOf('function');
      expect(keywordValidator(step.schema)).toBe(written[id]);
    }
  });

  it('gives each field the message of the keyword ajv reports', () => {
    const bundle = bundleOf('sl');
    registerValidators(written);
    const data = validProject('sl');
    const roofs = structuredClone(data.roofs) as Record<string, unknown>[];
    roofs[0]!.surface = -3;
    roofs[0]!.name = 'x'.repeat(256);
    (roofs[0]!.drainage as Record<string, unknown>).horizontal = 1.5;
    const client = { ...(data.client as object), email: 'not an address', name: '' };
    const state = derive(bundle, { ...data, roofs, client });
    const field = (step: string, name: string) =>
      state.steps.find((s) => s.key === step)!.cards[0]!.fields.find((f) => f.field === name)!;
    expect(field('Toiture', 'surface')).toMatchObject({
      rule: 'exclusiveMinimum',
      message: { key: 'errors.exclusiveMinimum', params: { min: 0 } },
    });
    expect(field('Toiture', 'name')).toMatchObject({ rule: 'maxLength', message: { params: { max: 255 } } });
    expect(field('Toiture', 'drainage.horizontal')).toMatchObject({
      rule: 'type',
      message: { key: 'errors.integer' },
    });
    expect(field('Client', 'email')).toMatchObject({ rule: 'format', severity: 2 });
    expect(field('Client', 'name')).toMatchObject({ rule: 'required', severity: 2 });
  });

  it('is what decides: a validator that accepts everything lets every keyword through', () => {
    const bundle = bundleOf('sl');
    const roofs = bundle.steps.find((s) => s.key === 'Toiture')!;
    const lenient = Object.assign(() => true, { errors: null });
    registerValidators({ [validatorId(roofs.schema)]: lenient });
    const data = validProject('sl');
    const state = derive(bundle, { ...data, roofs: [{ ...(data.roofs as object[])[0], surface: -3 }] });
    const surface = state.steps
      .find((s) => s.key === 'Toiture')!
      .cards[0]!.fields.find((f) => f.field === 'surface');
    expect(surface?.rule).not.toBe('minimum');
    registerValidators(written);
  });
});
