import Ajv, { type ValidateFunction } from 'ajv';
import metaSchema from '../schemas/bundle.schema.json';
import { BundleError } from './BundleError';
import { prepareBundle } from './prepareBundle';
import type { Bundle } from './types';

let validateMeta: ValidateFunction<Bundle> | undefined;

/**
 * Loads a bundle: validates it against schemas/bundle.schema.json (a BundleError names the place), then
 * runs the semantic checks of prepareBundle.
 */
export function loadBundle(json: unknown): Bundle {
  validateMeta ??= new Ajv({ allErrors: false, strict: false }).compile<Bundle>(metaSchema);
  if (!validateMeta(json)) {
    const e = validateMeta.errors?.[0];
    throw new BundleError(
      e?.instancePath ?? '',
      `${e?.message ?? 'invalid'}${e?.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
  }
  return prepareBundle(json);
}
