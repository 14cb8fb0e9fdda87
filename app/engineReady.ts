import { compileBundle, registerValidators, type Bundle } from '../engine';

/**
 * A bundle made ready for the engine: its precompiled keyword validators registered, the bundle compiled.
 * Its own module, imported on demand by loadEngineBundle (app/calculators.ts): named imports let the build
 * keep only the engine's code the page uses (a dynamic import of the engine's index would bring it all,
 * ajv's compiler included).
 */
export function engineReady(bundle: Bundle, validators: Record<string, unknown>): Bundle {
  registerValidators(validators);
  return compileBundle(bundle);
}
