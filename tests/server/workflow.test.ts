import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
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

  it('serves no route the workflow does not declare', async () => {
    const res = await inject({ method: 'POST', url: '/api/tank/deny_project/x', headers: { cookie: owner } });
    expect(res.statusCode).toBe(404);
  });
});
