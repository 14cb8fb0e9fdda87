import type { Bundle } from '../../engine';

/**
 * The results without the keys the bundle keeps for admins (`results.adminOnly`: sl's orifice diameter,
 * seed 000 section 9), as a caller who is not one receives them, and as the note prints them: a copy,
 * the stored results untouched.
 */
export function withoutAdminOnly<T extends object>(bundle: Bundle, results: T): T {
  const hidden = bundle.results.adminOnly ?? [];
  if (!hidden.some((k) => k in results)) return results;
  const shown = { ...results } as Record<string, unknown>;
  for (const k of hidden) delete shown[k];
  return shown as T;
}
