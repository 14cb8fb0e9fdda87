import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator slot, filled by the engine's rules: rjsf itself never judges a value (the engine has
 * already derived every severity and message), and no schema is compiled in the browser (no eval, so the
 * page runs under a strict Content Security Policy).
 */
export const engineValidator: ValidatorType = {
  validateFormData: () => ({ errors: [] as RJSFValidationError[], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};
