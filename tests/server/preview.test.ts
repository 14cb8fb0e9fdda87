import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/**
 * POST {api}/preview answers the bundle's preview figures of unsaved answers (issue 13): the site's and
 * each roof's, the same numbers the calculate route gives for the saved project, and nothing else.
 */
describe.each(DIALECTS)('the live preview route on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let cookie = '';
  const api = '/api/smca';
  const as = (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    server.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
    cookie = cookiesOf(await server.app.inject({ method: 'GET', url: '/api/config' }), '');
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('gives the site and roof figures of the calculation, as the results of the saved project', async () => {
    const body = projectBody('smca', (d) => {
      const roofs = d.roofs as Record<string, unknown>[];
      roofs.push({ ...roofs[0]!, name: 'Toit B', surface: 40 });
    });
    const preview = await as({ method: 'POST', url: `${api}/preview`, payload: { steps: body.steps } });
    expect(preview.statusCode).toBe(200);
    const figures = preview.json<{ site: number[]; cards: number[][] }>();
    // the few numbers the wizard shows, not the 100-year results
    expect(Object.keys(figures)).toEqual(['site', 'cards']);
    expect(preview.body.length).toBeLessThan(200);

    const saved = await as({ method: 'POST', url: `${api}/project`, payload: body });
    cookie ||= cookiesOf(saved, '');
    const { id } = saved.json<{ id: string }>();
    const calc = await as({ method: 'GET', url: `${api}/calculate/${id}` });
    const results = calc.json<{
      site: { abattement: number; respectConsigneAbattement: number };
      toitureResults: { annual: { abattement: number; respectConsigneAbattement: number } }[];
    }>();
    expect(figures.site).toEqual([results.site.abattement, results.site.respectConsigneAbattement]);
    expect(figures.cards).toEqual(
      results.toitureResults.map((r) => [r.annual.abattement, r.annual.respectConsigneAbattement]),
    );
    // one entry per roof, the roof added included
    expect(figures.cards).toHaveLength((body.steps.Toiture as { forms: unknown[] }).forms.length);
  });

  it('says what is missing (422 with the reasons) when the answers cannot be calculated yet', async () => {
    const body = projectBody('smca', (d) => {
      (d.roofs as Record<string, unknown>[])[0]!.surface = null;
    });
    const res = await as({ method: 'POST', url: `${api}/preview`, payload: { steps: body.steps } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ details: { field: string }[] }>().details[0]!.field).toMatch(/surface/);
  });
});
