import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { createProject, deleteAbandoned, searchProjects } from '../../server/projects/repository';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

interface Row {
  id: string;
  name: string;
  number: number | null;
  variant: { of: string | null; no: number; label: string | null };
  variants: Row[];
}

describe.each(DIALECTS)('the history and readable project numbers on %s', (dialect) => {
  let place: Place;
  let server: Server;
  let owner = '';
  const api = '/api/smca';
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(opts);
  const as = (opts: InjectOptions) =>
    inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: owner } });

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { APP_MODE: 'canada' })).server;
    const res = await inject({ method: 'POST', url: `${api}/project`, payload: projectBody('smca') });
    owner = cookiesOf(res, '');
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const create = async (name: string) => {
    const body = projectBody('smca', (d) => {
      (d.project as { name: string }).name = name;
    });
    const res = await as({ method: 'POST', url: `${api}/project`, payload: body });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const history = async (query = '', sort = 'updated_at', order = 'DESC') =>
    (
      await as({
        method: 'GET',
        url: `${api}/project/search/1${query ? `/${encodeURIComponent(query)}` : ''}?sort=${sort}&order=${order}`,
      })
    ).json<{ projects: Row[]; total: number }>();

  it("reads no project's results for a history page (a 200-roof project holds about 0.5 MB of them)", async () => {
    const id = await create('Lecture légère');
    expect((await as({ method: 'GET', url: `${api}/calculate/${id}` })).statusCode).toBe(200);
    const copy = await as({ method: 'POST', url: `${api}/project/${id}/variant` });
    expect(copy.statusCode).toBe(201);
    const query = { dialect, type: 'smca' as const, owner: null, query: 'Lecture légère', page: 1 };
    const page = await searchProjects(server.db, { ...query, sort: 'updated_at', order: 'DESC' });
    const [row] = page.rows;
    expect(row?.id).toBe(id);
    expect(row).not.toHaveProperty('results');
    expect(page.variants.get(id)?.[0]).not.toHaveProperty('results');
    // and the page answered is the same
    const rows = (await history('Lecture légère')).projects;
    expect(rows.map((r) => [r.id, r.variants.map((v) => v.id)])).toEqual([
      [id, [copy.json<{ id: string }>().id]],
    ]);
  });

  it('gives each project a readable number, one sequence per product, shown in the project and its row', async () => {
    const a = await create('Numéro un');
    const b = await create('Numéro deux');
    const p = (await as({ method: 'GET', url: `${api}/project/${b}` })).json<{ number: number }>();
    const rows = (await history('Numéro')).projects;
    const na = rows.find((r) => r.id === a)!.number!;
    expect(p.number).toBe(na + 1);
    // another product counts on its own, from 1
    const steps = { Chantier: { forms: [{ form: { name: 'Autre produit' } }] } };
    expect((await createProject(server.db, { type: 'slowli', owner: null, steps })).number).toBe(1);
    expect((await createProject(server.db, { type: 'slowli', owner: null, steps })).number).toBe(2);
  });

  it('never gives one number twice, even to projects created at once', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`Course ${i}`)));
    const numbers = await Promise.all(
      ids.map(
        async (id) =>
          (await as({ method: 'GET', url: `${api}/project/${id}` })).json<{ number: number }>().number,
      ),
    );
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  });

  it('numbers a variant as a project of its own and lets the user name it', async () => {
    const id = await create('Groupe à variantes');
    const made = await as({ method: 'POST', url: `${api}/project/${id}/variant` });
    expect(made.statusCode).toBe(201);
    const v = made.json<{ id: string }>().id;
    const named = await as({
      method: 'PATCH',
      url: `${api}/project/${v}/variant`,
      payload: { label: '  Toundra   + Retentio ' },
    });
    expect(named.json()).toEqual({ id: v, label: 'Toundra + Retentio' });
    await as({ method: 'PATCH', url: `${api}/project/${id}/variant`, payload: { label: 'Base' } });
    const row = (await history('Groupe à variantes')).projects[0]!;
    expect(row.variant.label).toBe('Base');
    expect(row.variants[0]!.variant.label).toBe('Toundra + Retentio');
    expect(row.variants[0]!.number).not.toBe(row.number);
    const tooLong = await as({
      method: 'PATCH',
      url: `${api}/project/${v}/variant`,
      payload: { label: 'x'.repeat(81) },
    });
    expect(tooLong.statusCode).toBe(400);
    const cleared = await as({
      method: 'PATCH',
      url: `${api}/project/${v}/variant`,
      payload: { label: ' ' },
    });
    expect(cleared.json()).toEqual({ id: v, label: null });
  });

  // A helper's attack (round 6): each word is one more condition every candidate row is read for; 50
  // one-letter words (the most a 100-character query holds) over 200,000 projects held the history
  // reader for seconds a search.
  it('searches up to 8 words of up to 40 characters, and refuses more with a 400 naming the query', async () => {
    await create('Halle Bréguières Saint-Jérôme Lyon-Nord 75019 atelier couvert est');
    const eight = 'halle bréguières saint jerome lyon nord 75019 atelier';
    expect((await history(eight)).projects.map((r) => r.name)).toEqual([
      'Halle Bréguières Saint-Jérôme Lyon-Nord 75019 atelier couvert est',
    ]);
    const refused = async (query: string) => {
      const r = await as({ method: 'GET', url: `${api}/project/search/1/${encodeURIComponent(query)}` });
      expect(r.statusCode, query).toBe(400);
      expect(r.json()).toMatchObject({
        field: 'query',
        code: 'search_too_long',
        details: { words: 8, length: 40 },
      });
    };
    await refused(`${eight} couvert`);
    await refused(Array.from({ length: 50 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]).join(' '));
    await refused('a'.repeat(41));
    // a word of 40 characters is searched (and found in no name here)
    expect((await history('a'.repeat(40))).projects).toEqual([]);
  });

  it('sorts names as a French reader does: accents and case aside', async () => {
    const names = [
      'Zénith tri',
      'École tri',
      'abbaye tri',
      'Éragny tri',
      'eclair tri',
      'Îlot tri',
      'ibis tri',
    ];
    for (const n of names) await create(n);
    const asc = (await history('tri', 'name', 'ASC')).projects.map((r) => r.name);
    const collator = new Intl.Collator('fr');
    expect(asc).toEqual([...names].sort(collator.compare));
    expect(asc).toEqual([
      'abbaye tri',
      'eclair tri',
      'École tri',
      'Éragny tri',
      'ibis tri',
      'Îlot tri',
      'Zénith tri',
    ]);
    const desc = (await history('tri', 'name', 'DESC')).projects.map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('sorts names naturally, ligatures as their letters: "Œuvre" among the o\'s, 9 before 41 (issue 37.9)', async () => {
    const names = [
      'zinc nat',
      'Œuvre nat',
      'Abbaye 108 41 nat',
      'Abbaye 108 9 nat',
      'oasis nat',
      'Ode nat',
      'Abbaye 108 10 nat',
      'Ægir nat',
      'adret nat',
    ];
    for (const n of names) await create(n);
    const asc = (await history('nat', 'name', 'ASC')).projects.map((r) => r.name);
    const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });
    expect(asc).toEqual([...names].sort(collator.compare));
    expect(asc.indexOf('Abbaye 108 9 nat')).toBeLessThan(asc.indexOf('Abbaye 108 41 nat'));
    expect(asc.indexOf('Œuvre nat')).toBeLessThan(asc.indexOf('zinc nat'));
    const desc = (await history('nat', 'name', 'DESC')).projects.map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('leaves out a project never named (an abandoned start), and the sweep deletes it after a day', async () => {
    const unnamed = await create('');
    const before = await history();
    expect(before.projects.map((r) => r.id)).not.toContain(unnamed);
    // still there for the one who started it, until the sweep
    expect((await as({ method: 'GET', url: `${api}/project/${unnamed}` })).statusCode).toBe(200);
    expect(await deleteAbandoned(server.db, new Date(Date.now() - 86_400_000).toISOString())).toBe(0);
    expect((await as({ method: 'GET', url: `${api}/project/${unnamed}` })).statusCode).toBe(200);
    const named = await create('');
    await as({
      method: 'PUT',
      url: `${api}/project`,
      payload: {
        ...projectBody('smca', (d) => {
          (d.project as { name: string }).name = 'Nommé plus tard';
        }),
        id: named,
      },
    });
    // a day later (the sweep asked for projects untouched since a moment in the future)
    expect(await deleteAbandoned(server.db, new Date(Date.now() + 1000).toISOString())).toBe(1);
    expect((await as({ method: 'GET', url: `${api}/project/${unnamed}` })).statusCode).toBe(404);
    expect((await history('Nommé plus tard')).projects.map((r) => r.id)).toEqual([named]);
    expect((await history()).total).toBe(before.total + 1);
  });
});
