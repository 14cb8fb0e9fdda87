import type { BrowserContext } from 'playwright-core';
import { derive, submit, toServer, type Bundle } from '../../engine';

/**
 * Saves `data` (a local model) as a project through the API of the server at `at`, with the statuses a
 * Submit gives it; answers its id. The browser benchmarks' projects (bench/ui/data.ts).
 */
export async function saveProject(
  ctx: BrowserContext,
  at: string,
  bundle: Bundle,
  data: Record<string, unknown>,
): Promise<string> {
  const state = derive(bundle, data);
  const { statuses, valid } = submit(state);
  if (!valid)
    throw new Error(`${bundle.id}: the benchmark's project is not valid (statuses ${statuses.join(',')})`);
  const r = await ctx.request.post(`${at}/api/${bundle.productType}/project`, {
    data: toServer(bundle, state.data, statuses),
  });
  if (!r.ok()) throw new Error(`${bundle.id}: saving the project answered ${r.status()} ${await r.text()}`);
  return ((await r.json()) as { id: string }).id;
}
