import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import metaSchema from '../schemas/bundle.schema.json';
import { BundleError } from './BundleError';
import { KEYWORD_OPTIONS, setValidatorCompiler, type KeywordValidator } from './keywords';
import { prepareBundle } from './prepareBundle';
import type { Bundle, Locale } from './types';

/**
 * Every language a calculator may speak: the bundles' schema's `locales`. Read in a call marked pure, so
 * that a build which does not use it (the page) leaves the whole schema out: a property read at the top
 * of a module is kept by the bundler, and with it the 30 KB schema it reads (npm run bench:bundle).
 */
export const LOCALES: readonly Locale[] = /* @__PURE__ */ (() =>
  metaSchema.properties.locales.items.enum as readonly Locale[])();

let validateMeta: ValidateFunction<Bundle> | undefined;

let keywordAjv: Ajv | undefined;

/**
 * Lets the engine compile the validator of a step schema that has no precompiled one (an edited bundle, a
 * folder not built yet), by an ajv instance configured as @rjsf/validator-ajv8 configures the one that
 * precompiles them (its AJV_CONFIG, ajv-formats, KEYWORD_OPTIONS; the engine does not import rjsf, which
 * brings React). For Node and tooling only: the page never compiles a validator.
 */
export function compileValidatorsOnDemand(): void {
  setValidatorCompiler((schema) => {
    if (!keywordAjv) {
      keywordAjv = new Ajv({
        allErrors: true,
        multipleOfPrecision: 8,
        strict: false,
        verbose: true,
        discriminator: false,
        ...KEYWORD_OPTIONS.ajvOptionsOverrides,
        code: { ...KEYWORD_OPTIONS.ajvOptionsOverrides.code, esm: false },
      });
      addFormats(keywordAjv);
    }
    return keywordAjv.compile(schema) as KeywordValidator;
  });
}

/**
 * Loads a bundle: validates it against schemas/bundle.schema.json (a BundleError names the place), then
 * runs the semantic checks of prepareBundle. Where bundles are loaded this way (the server, the tests,
 * Storybook), validators are compiled on demand (compileValidatorsOnDemand).
 */
export function loadBundle(json: unknown): Bundle {
  compileValidatorsOnDemand();
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
