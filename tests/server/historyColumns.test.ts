import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, serversByMode, type Place } from './harness';
import { projectBody, stepOf } from './projects.fixtures';

/**
 * The history's columns and the answers its rows repeat are each bundle's (history.record,
 * history.answers): the server reads no step by name. Each calculator saves its fixture project and finds
 * it in its history, with its own columns filled and searchable, and its own answers repeated.
 */
describe.each(DIALECTS)('the history of every calculator, as its bundle declares it, on %s', (dialect) => {
  let place: Place;
  let modes: Awaited<ReturnType<typeof serversByMode>>;
  let tank: Server;

  beforeAll(async () => {
    // read when the calculators are first listed: before the servers are built
    process.env.EXTRA_BUNDLES = join(import.meta.dirname, '../fixtures/bundles');
    place = await freshPlace(dialect);
    modes = await serversByMode(place);
    tank = (await serverOn(place, { APP_MODE: 'tank' })).server;
  });
  afterAll(async () => {
    await modes?.close();
    await tank?.close();
    await place?.drop();
    delete process.env.EXTRA_BUNDLES;
  });

  /** Saves a project, then finds it in its history by `query` (the search reads the stored columns). */
  const savedAndListed = async (
    inject: (o: InjectOptions) => Promise<LightMyRequestResponse>,
    api: string,
    body: object,
    query: string,
  ) => {
    const made = await inject({ method: 'POST', url: `${api}/project`, payload: body });
    expect(made.statusCode, made.payload).toBe(200);
    const id = made.json<{ id: string }>().id;
    const listed = await inject({
      method: 'GET',
      url: `${api}/project/search/1/${encodeURIComponent(query)}`,
      headers: { cookie: cookiesOf(made) },
    });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json<{ projects: Record<string, unknown>[] }>().projects;
    expect(rows.map((r) => r.id)).toEqual([id]);
    return rows[0]!;
  };

  it('lists the flow limiter, the abattement and the Canadian calculators with their own columns', async () => {
    const sl = await savedAndListed(modes.inject, '/api/slowli', projectBody('sl'), 'Lyon');
    expect(sl).toMatchObject({
      name: 'Résidence Les Tilleuls',
      postcode: '69003',
      company: 'Bureau Martin',
      commercial: 'Paul Durand',
    });
    expect(sl.steps).toEqual({
      Chantier: { forms: [{ form: { name: 'Résidence Les Tilleuls', postcode: '69003', city: 'Lyon' } }] },
      Client: { forms: [{ form: { company: 'Bureau Martin', user: 'Paul Durand' } }] },
    });

    const sm = await savedAndListed(modes.inject, '/api/skywater_manager', projectBody('sm'), 'Paris');
    expect(sm).toMatchObject({
      name: 'Groupe scolaire Belleville',
      postcode: '75019',
      company: 'Bureau Martin',
    });

    // the Canadian history shows the rain region, read from the row's repeated answers
    const smca = await savedAndListed(modes.inject, '/api/smca', projectBody('smca'), 'Toronto');
    expect(smca).toMatchObject({ name: 'King Street Offices', company: 'Tremblay Architectes' });
    expect(smca.steps).toMatchObject({
      Chantier: { forms: [{ form: { region: 'ontario', rain_region: 'Toronto', city: 'Toronto' } }] },
    });
  });

  it('lists the tank fixture, which has no client step, by its site name and postcode', async () => {
    const body = {
      steps: {
        Chantier: stepOf('Chantier', [{ name: 'Halle Nord', postcode: '31200', rain_mm: 650 }]),
        Toiture: stepOf('Toiture', [{ name: 'Toit', surface: 500, coefficient: 0.9 }]),
      },
    };
    const row = await savedAndListed((o) => tank.app.inject(o), '/api/tank', body, '31200');
    expect(row).toMatchObject({ name: 'Halle Nord', postcode: '31200', company: '', commercial: '' });
    expect(row.steps).toEqual({ Chantier: { forms: [{ form: { name: 'Halle Nord', postcode: '31200' } }] } });
  });
});
