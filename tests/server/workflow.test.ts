import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
import { createProject, getProject, updateProject } from '../../server/projects/repository';
import { stepOf as step } from './projects.fixtures';

/**
 * The order workflow a bundle declares (issue 29), served by the generic plugin: the test calculator
 * (tests/fixtures/bundles/tank) orders from ongoing or calculated only, with the visitor's own reference,
 * and queues its mail in the words of its messages.
 */
describe('a workflow declared by a bundle (the tank fixture)', () => {
  let place: Place;
  let server: Server;
  let owner = '';
  const inject = (o: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(o);

  beforeAll(async () => {
    // read when the calculators are first listed: before the server is built
    process.env.EXTRA_BUNDLES = join(import.meta.dirname, '../fixtures/bundles');
    place = await freshPlace('sqlite');
    server = (await serverOn(place, { APP_MODE: 'tank', SALES_EMAIL: 'cuves@fabricant.example' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('orders once, from the states its guard allows, and mails the sales address', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/tank/project',
      payload: {
        steps: {
          Chantier: step('Chantier', [{ name: 'Halle Sud', postcode: '31000', rain_mm: 650 }]),
          Toiture: step('Toiture', [{ name: 'Toit', surface: 500, coefficient: 0.9 }]),
        },
      },
    });
    owner = cookiesOf(created);
    const id = created.json<{ id: string }>().id;
    const order = (command_number: string, cookie = owner) =>
      inject({
        method: 'PATCH',
        url: `/api/tank/order/${id}`,
        payload: { command_number },
        headers: { cookie },
      });

    expect((await order('  ')).json()).toMatchObject({ field: 'command_number', code: 'bad_request' });
    expect((await order('X', 'owner=someone-else')).statusCode).toBe(404);
    const ok = await order(' CUVE-12 ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, state: 'commanded', command: 'CUVE-12', queued: true });
    // commanded is not a state the order leaves from
    const again = await order('CUVE-13');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'This project is already ordered', field: 'state' });

    const mail = await server.db.selectFrom('outbox').selectAll().where('project_id', '=', id).execute();
    expect(mail).toHaveLength(1);
    const { reference } = ok.json<{ reference: string }>();
    expect(mail[0]).toMatchObject({
      recipient: 'cuves@fabricant.example',
      subject: `[Cuve] n° ${reference} Halle Sud`,
      body: [
        "Commande d'une cuve pour le chantier Halle Sud (31000)",
        'Référence de commande : CUVE-12',
        'Pluie annuelle : 650 mm',
        'Toitures : 1',
      ].join('\n'),
    });
    const stored = await inject({
      method: 'GET',
      url: `/api/tank/project/${id}`,
      headers: { cookie: owner },
    });
    expect(stored.json()).toMatchObject({ state: 'commanded' });
  });

  it('keeps the states its workflow declares kept through a save and a calculation, and no other', async () => {
    const body = (rain_mm: number) => ({
      steps: {
        Chantier: step('Chantier', [{ name: 'Dépôt Est', postcode: '31500', rain_mm }]),
        Toiture: step('Toiture', [{ name: 'Toit', surface: 300, coefficient: 0.8 }]),
      },
    });
    const made = await inject({ method: 'POST', url: '/api/tank/project', payload: body(600) });
    const cookie = cookiesOf(made);
    const id = made.json<{ id: string }>().id;
    const as = (o: InjectOptions) => inject({ ...o, headers: { cookie } });
    const state = async () =>
      (await as({ method: 'GET', url: `/api/tank/project/${id}` })).json<{ state: string }>().state;
    // calculated is not kept: a changed answer takes the project back to ongoing
    expect((await as({ method: 'GET', url: `/api/tank/calculate/${id}` })).statusCode).toBe(200);
    expect(await state()).toBe('calculated');
    const saved = (rain_mm: number) =>
      as({ method: 'PUT', url: '/api/tank/project', payload: { ...body(rain_mm), id } });
    expect((await saved(610)).statusCode).toBe(200);
    expect(await state()).toBe('ongoing');
    // commanded is kept (workflow.kept): a save and a calculation leave it
    expect(
      (await as({ method: 'PATCH', url: `/api/tank/order/${id}`, payload: { command_number: 'C-7' } }))
        .statusCode,
    ).toBe(200);
    expect((await saved(620)).json()).toMatchObject({ changed: true });
    expect(await state()).toBe('commanded');
    expect((await as({ method: 'GET', url: `/api/tank/calculate/${id}` })).statusCode).toBe(200);
    expect(await state()).toBe('commanded');
  });

  it('keeps no state for a calculator without a workflow', async () => {
    // the abattement calculator declares no workflow: a stored 'commanded' is not its own to keep
    const named = (name: string) => ({ Chantier: { forms: [{ form: { name } }] } });
    const { id } = await createProject(server.db, {
      type: 'skywater_manager',
      owner: null,
      steps: named('Entrepôt'),
    });
    await server.db.updateTable('projects').set({ state: 'commanded' }).where('id', '=', id).execute();
    const row = (await getProject(server.db, 'skywater_manager', id))!;
    expect(await updateProject(server.db, row, named('Autre nom'), null)).toMatchObject({ changed: true });
    expect((await getProject(server.db, 'skywater_manager', id))?.state).toBe('ongoing');
  });

  it('serves no route the workflow does not declare', async () => {
    const res = await inject({ method: 'POST', url: '/api/tank/deny_project/x', headers: { cookie: owner } });
    expect(res.statusCode).toBe(404);
  });
});
