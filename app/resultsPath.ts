/**
 * The address of a project's results: /:calc/results?id=…, which names the project so that the address
 * can be copied, reloaded or opened in another browser of the same owner. Without a project (null), the
 * results page alone (it says that no project is open).
 */
export function resultsPath(calc: string, id: string | null): string {
  return id ? `/${calc}/results?id=${encodeURIComponent(id)}` : `/${calc}/results`;
}
