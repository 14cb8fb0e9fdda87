import { loadBundle, registerValidators, type Bundle } from '../../engine';
import slBundle from '../../schemas/sl/bundle.json';
import smBundle from '../../schemas/sm/bundle.json';
import smcaBundle from '../../schemas/smca/bundle.json';
import slValid from '../../schemas/sl/fixtures/base/valid.json';
import smValid from '../../schemas/sm/fixtures/base/valid.json';
import smcaValid from '../../schemas/smca/fixtures/base/valid.json';

// The validators the page runs, precompiled by npm run bundles:build (an edited bundle's are compiled
// on demand: loadBundle).
for (const fns of Object.values(
  import.meta.glob<Record<string, unknown>>('../../schemas/*/generated/validators.js', { eager: true }),
))
  registerValidators(fns);

/** The three bundles and a complete project for each, for stories and the playground. */
export const BUNDLES: Record<string, { bundle: Bundle; valid: Record<string, unknown> }> = {
  sl: { bundle: loadBundle(slBundle), valid: slValid },
  sm: { bundle: loadBundle(smBundle), valid: smValid },
  smca: { bundle: loadBundle(smcaBundle), valid: smcaValid },
};
