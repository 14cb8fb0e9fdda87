import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesOf, products, type ProductType } from '../../server/projects/products';
import { freshPlace, serverOn, type Place } from './harness';

/**
 * The server's warm-up (server/main.ts): before its first visitor, the calculation worker calculates each
 * calculator's example project, so that a visitor's first calculation does not run its code cold
 * (npm run bench:first). What is checked is what the warm-up did, not how long anything took.
 */
describe('the calculations warm-up', () => {
  let place: Place;
  let server: Awaited<ReturnType<typeof serverOn>>['server'];
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it("calculates every calculator's example on the pool, each of them without a reason, remembering none", async () => {
    const before = server.calculations.turns.started;
    const examples = await server.calculations.warm();
    const types = [...products().keys()].sort();
    expect(types.length).toBeGreaterThanOrEqual(3);
    expect(examples.map((e) => e.type).sort()).toEqual(types);
    expect(examples.filter((e) => !e.ok)).toEqual([]);
    // on the workers, as a visitor's calculation is, but not remembered: a visitor's project equal to
    // an example is calculated when asked (a benchmark on the example would otherwise time the cache)
    expect(server.calculations.turns.started).toBe(before + types.length);
    expect(server.calculations.stats.cached).toBe(0);
  });

  it("calculates only the examples of the calculators the deployment's mode serves", async () => {
    const before = server.calculations.turns.started;
    const served = bundlesOf('client').map((b) => b.productType);
    expect(served.length).toBeLessThan(products().size);
    const examples = await server.calculations.warm({ products: served as ProductType[] });
    expect(examples.map((e) => e.type).sort()).toEqual([...served].sort());
    expect(server.calculations.turns.started).toBe(before + served.length);
  });

  it('starts the worker alone when asked for no examples', async () => {
    const before = server.calculations.turns.started;
    expect(await server.calculations.warm({ examples: false })).toEqual([]);
    expect(server.calculations.turns.started).toBe(before);
  });
});
