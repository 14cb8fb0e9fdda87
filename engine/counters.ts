/**
 * Instrumentation: how many field states the engine has derived since the last reset. Tests use it to
 * prove that an edit re-derives only what it touches; nothing else reads it.
 */
export const counters = { fieldDerivations: 0 };

/** Sets every counter back to 0. */
export function resetCounters(): void {
  counters.fieldDerivations = 0;
}
