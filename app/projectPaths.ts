/**
 * The addresses of a project's pages, which name the project so that they can be copied, reloaded or
 * opened in another browser of the same owner.
 */

/** The wizard opening a stored project: /:calc/calculator?id=… (app/loaders.ts projectLoader reads it). */
export function calculatorPath(calc: string, id: string): string {
  return `/${calc}/calculator?id=${encodeURIComponent(id)}`;
}

/**
 * A project's results: /:calc/results?id=…. Without a project (null), the results page alone (it says
 * that no project is open).
 */
export function resultsPath(calc: string, id: string | null): string {
  return id ? `/${calc}/results?id=${encodeURIComponent(id)}` : `/${calc}/results`;
}

/** A project's calculation note: /:calc/note?id=…, as its results. */
export function notePath(calc: string, id: string | null): string {
  return id ? `/${calc}/note?id=${encodeURIComponent(id)}` : `/${calc}/note`;
}
