/**
 * Issue 26, items 2, 5, 6 and 8: what one visitor may take. Projects created per hour and per day;
 * sign-in guesses counted per address whatever the name, and old counts deleted; TRUST_PROXY=true
 * believing only the address our proxy added; files and bytes per project, per visitor and per day,
 * and a note draft no larger than a note needs. Issue 35, item 5: what many addresses may take: a daily
 * budget of projects and bytes for every visitor together (admins apart), issued notes counted in
 * storage, a name's failed sign-ins counted from every address, an IPv6 /48 as one address. Every
 * refusal says its limit, and changes nothing. On SQLite and PostgreSQL.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { size, sizedPdfUpload } from './support/common';

const ADMIN_PASSWORD = 'quota-admin-password';

describe.each(DIALECTS)('what one visitor may take, on %s', (dialect) => {
  let place: Place;
  const servers: Server[] = [];
  const start = async (env: Record<string, string>) => {
    const s = (await serverOn(place, env)).server;
    servers.push(s);
    return s;
  };
  /** A request from `address` with `cookie`. */
  const from = (
    s: Server,
    address: string,
    cookie: string,
    o: InjectOptions,
  ): Promise<LightMyRequestResponse> =>
    s.app.inject({ ...o, remoteAddress: address, headers: { ...o.headers, ...(cookie ? { cookie } : {}) } });
  const count = async (s: Server, table: 'projects' | 'files' | 'note_drafts' | 'issued_notes') =>
    Number(
      (
        await s.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** An admin signed in at `address`, and a project it creates there. */
  const adminProject = async (s: Server, address: string) => {
    const admin = cookiesOf(
      await from(s, address, '', {
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: ADMIN_PASSWORD },
      }),
    );
    const own = await from(s, address, admin, {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    return { admin, own };
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await place.drop();
  });

  it('limits the projects a visitor creates per hour and per day, by its browser and by its address', async () => {
    const hourly = await start({ PROJECTS_PER_HOUR: '3', PROJECTS_PER_DAY: '0' });
    const create = (address: string, cookie: string) =>
      from(hourly, address, cookie, {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
    let cookie = '';
    for (let i = 0; i < 3; i += 1) {
      const r = await create('198.51.100.1', cookie);
      expect(r.statusCode).toBe(200);
      cookie = cookiesOf(r, cookie);
    }
    const before = await count(hourly, 'projects');
    const refused = await create('198.51.100.1', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'projects_per_hour', details: { limit: 3 } });
    expect(refused.json().error).toMatch(/At most 3 new projects an hour; try again in \d+ min/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // A new cookie from the same address is the same visitor; a variant is a new project too.
    expect((await create('198.51.100.1', '')).statusCode).toBe(429);
    const first = (await hourly.db.selectFrom('projects').select('id').executeTakeFirstOrThrow()).id;
    const variant = await from(hourly, '198.51.100.1', cookie, {
      method: 'POST',
      url: `/api/slowli/project/${first}/variant`,
    });
    expect(variant.statusCode).toBe(429);
    expect(await count(hourly, 'projects')).toBe(before);
    // Saving an existing project is no creation; another visitor creates.
    const id = (await hourly.db.selectFrom('projects').select('id').executeTakeFirstOrThrow()).id;
    const save = await from(hourly, '198.51.100.1', cookie, {
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...projectBody('sl'), id },
    });
    expect(save.statusCode).toBe(200);
    expect((await create('198.51.100.2', '')).statusCode).toBe(200);

    const daily = await start({ PROJECTS_PER_HOUR: '0', PROJECTS_PER_DAY: '2' });
    let c2 = '';
    for (let i = 0; i < 2; i += 1) {
      const r = await from(daily, '198.51.100.3', c2, {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
      expect(r.statusCode).toBe(200);
      c2 = cookiesOf(r, c2);
    }
    const day = await from(daily, '198.51.100.3', c2, {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    expect(day.statusCode).toBe(429);
    expect(day.json()).toMatchObject({ code: 'projects_per_day', details: { limit: 2, hours: 24 } });
  });

  it('stops 40 sign-ins under 40 names from one address with a 429, and deletes counts whose window is over', async () => {
    const server = await start({ ADMIN_PASSWORD, LOGIN_FAILURES: '10', LOGIN_FAILURES_PER_ADDRESS: '30' });
    const login = (address: string, name: string, password: string) =>
      from(server, address, '', { method: 'POST', url: '/api/auth/login', payload: { name, password } });
    const codes: number[] = [];
    for (let i = 0; i < 40; i += 1)
      codes.push((await login('192.0.2.50', `guess-${i}`, 'wrong-password')).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
    const locked = await login('192.0.2.50', 'admin', ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'login_locked', details: { limit: 30 } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address signs in; a success takes its own count back.
    expect((await login('192.0.2.51', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    // A count whose window is over is deleted at the next count.
    const old = new Date(Date.now() - 3600_000).toISOString();
    await server.db
      .insertInto('counters')
      .values({ key: 'login|address|192.0.2.99', count: 5, since: old, until: old })
      .execute();
    await login('192.0.2.52', 'someone', 'wrong-password');
    const keys = (await server.db.selectFrom('counters').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('login|address|192.0.2.99');
    expect(keys).toContain('login|address|192.0.2.52');
  });

  it('believes, with TRUST_PROXY=true, the address our proxy added, not the ones the client wrote', async () => {
    const proxied = await start({ TRUST_PROXY: 'true', RATE_LIMIT: '5', ADMIN_PASSWORD });
    const codes: number[] = [];
    const guesses = size(20, 400);
    for (let i = 0; i < guesses; i += 1)
      codes.push(
        (
          await proxied.app.inject({
            method: 'GET',
            url: '/api/config',
            // the client's own header, then the address the proxy appended
            headers: { 'x-forwarded-for': `10.${i % 250}.${i >> 8}.1, 203.0.113.77` },
          })
        ).statusCode,
      );
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    // The sign-in counts see the same address.
    const signIn = await start({ TRUST_PROXY: 'true', ADMIN_PASSWORD, LOGIN_FAILURES: '10' });
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1)
      answers.push(
        (
          await signIn.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { password: `wrong-${i}` },
            headers: { 'x-forwarded-for': `172.16.0.${i}, 203.0.113.78` },
          })
        ).statusCode,
      );
    expect(answers.slice(10)).toEqual([429, 429]);
  });

  it('limits the files and bytes of a project, of a visitor and of a day, and the note draft', async () => {
    const server = await start({
      FILES_PER_PROJECT: '3',
      PROJECT_STORAGE_MB: '2',
      VISITOR_STORAGE_MB: '3',
      STORAGE_PER_DAY_MB: '4',
      NOTE_DRAFT_MB: '1',
    });
    const address = '198.51.100.40';
    let cookie = '';
    const newProject = async (owner = cookie, at = address) => {
      const r = await from(server, at, owner, {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
      if (owner === cookie) cookie = cookiesOf(r, cookie);
      return { id: r.json<{ id: string }>().id, cookie: cookiesOf(r, owner) };
    };
    const send = (id: string, bytes: number, owner = cookie, at = address) =>
      from(server, at, owner, {
        method: 'POST',
        url: `/api/slowli/client_file/${id}`,
        ...sizedPdfUpload(bytes),
      });
    const KB = 1024;
    const p1 = (await newProject()).id;
    // Files per project: 3, the fourth is refused.
    for (let i = 0; i < 3; i += 1) expect((await send(p1, 100 * KB)).statusCode).toBe(200);
    const fourth = await send(p1, 100 * KB);
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json()).toMatchObject({ code: 'files_per_project', field: 'file', details: { limit: 3 } });
    // Bytes per project: 2 MB of files and note.
    const p2 = (await newProject()).id;
    expect((await send(p2, 1500 * KB)).statusCode).toBe(200);
    const big = await send(p2, 700 * KB);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'project_storage', details: { limit: 2 } });
    expect(big.json().error).toMatch(/at most 2 MB/);
    // Bytes per visitor in all: 3 MB (1.8 stored so far, with 0.3 on p1).
    const p3 = (await newProject()).id;
    expect((await send(p3, 1000 * KB)).statusCode).toBe(200);
    const over = await send(p3, 400 * KB);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'visitor_storage', details: { limit: 3 } });
    // Bytes per day, counted by address too: another browser at the same address has 4 - 2.8 MB left.
    const stranger = await newProject('', address);
    expect((await send(stranger.id, 1000 * KB, stranger.cookie)).statusCode).toBe(200);
    const day = await send(stranger.id, 500 * KB, stranger.cookie);
    expect(day.statusCode).toBe(429);
    expect(day.json()).toMatchObject({ code: 'storage_per_day', details: { limit: 4 } });
    expect(Number(day.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const files = await count(server, 'files');
    expect(files).toBe(3 + 1 + 1 + 1);
    // The note draft: what a note needs (its sections), at most NOTE_DRAFT_MB.
    const note = (data: unknown) => ({ data: JSON.stringify(data) });
    const draft = (payload: unknown) =>
      from(server, address, cookie, {
        method: 'PUT',
        url: `/api/slowli/note_draft/${p1}`,
        payload: payload as object,
      });
    const tooLarge = await draft(
      note({ informations: [{ text: 'x'.repeat(9000), image: null }], pad: 'y'.repeat(1.2 * 1024 * KB) }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'body_too_large', details: { limit: 1 } });
    const charts = await draft(note({ informations: [], pluviometrie: null, toitures: [null] }));
    expect(charts.statusCode).toBe(400);
    expect(await count(server, 'note_drafts')).toBe(0);
    expect((await draft(note({ informations: [{ text: 'À rappeler', image: null }] }))).statusCode).toBe(204);
  });

  it('counts note drafts in the bytes they are stored in (UTF-8), whatever their characters', async () => {
    const server = await start({ VISITOR_STORAGE_MB: '1' });
    const address = '198.51.100.41';
    let cookie = '';
    // a draft of six sections of 10,000 characters each (the most a section takes), all of them "é":
    // 60,000 characters, 120,000 bytes
    const data = JSON.stringify({
      informations: Array.from({ length: 6 }, () => ({ text: 'é'.repeat(10_000), image: null })),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const made = await from(server, address, cookie, {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
      cookie = cookiesOf(made, cookie);
      const id = made.json<{ id: string }>().id;
      const r = await from(server, address, cookie, {
        method: 'PUT',
        url: `/api/slowli/note_draft/${id}`,
        payload: { data },
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 413)
        expect(r.json()).toMatchObject({ code: 'visitor_storage', details: { limit: 1 } });
    }
    // eight are 960,000 bytes; the ninth would take the visitor past its 1 MB (1,048,576 bytes)
    expect(statuses).toEqual([204, 204, 204, 204, 204, 204, 204, 204, 413]);
  });

  it('keeps the files of a project within its limit when uploads arrive at once', async () => {
    const server = await start({ FILES_PER_PROJECT: '2' });
    const made = await from(server, '198.51.100.60', '', {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const cookie = cookiesOf(made);
    const id = made.json<{ id: string }>().id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        from(server, '198.51.100.60', cookie, {
          method: 'POST',
          url: `/api/slowli/client_file/${id}`,
          ...sizedPdfUpload(200 * 1024),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 413, 413, 413, 413]);
    expect(
      (await server.db.selectFrom('files').select('id').where('project_id', '=', id).execute()).length,
    ).toBe(2);
  });

  it('gives every visitor together a daily budget of projects, admins apart; spent, each address still gets its first ten', async () => {
    const server = await start({ ADMIN_PASSWORD, SERVICE_PROJECTS_PER_DAY: '12' });
    const before = await count(server, 'projects');
    const create = async (address: string) => {
      const r = await from(server, address, '', {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
      return r;
    };
    // One address spends the service's day within its own limits (60 an hour)...
    const spender: number[] = [];
    for (let i = 0; i < 12; i += 1) spender.push((await create('198.51.100.120')).statusCode);
    expect(spender).toEqual(Array(12).fill(200));
    const refused = await create('198.51.100.120');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'service_projects_per_day',
      details: { limit: 12, hours: 24 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // ...and the service stays open to the others: each network its first RESERVE_PROJECTS (10) of the
    // day, from a reserve as large as the budget. An IPv6 /48 is one address, whichever of its /64s asks.
    expect((await create('198.51.100.121')).statusCode).toBe(200);
    const site: number[] = [];
    for (let n = 1; n <= 11; n += 1) site.push((await create(`2001:db8:40:${n}::1`)).statusCode);
    expect(site).toEqual([...Array(10).fill(200), 429]);
    expect((await create('198.51.100.122')).statusCode).toBe(200);
    // The reserve spent too (twice the budget in all), every visitor is refused until the day is over.
    const late = await create('198.51.100.123');
    expect(late.statusCode).toBe(429);
    expect(late.json()).toMatchObject({ code: 'service_projects_per_day', details: { limit: 12 } });
    expect((await count(server, 'projects')) - before).toBe(24);
    // An admin is apart from the budgets.
    expect((await adminProject(server, '198.51.100.140')).own.statusCode).toBe(200);
  });

  it('gives every visitor together a daily budget of bytes, admins apart, with the same reserve', async () => {
    const server = await start({ ADMIN_PASSWORD, SERVICE_STORAGE_PER_DAY_MB: '2', STORAGE_PER_DAY_MB: '1' });
    const KB = 1024;
    // Eight addresses, each within its own 1 MB a day, store 600 KB each: three fill the service's 2 MB,
    // three more the reserve (as large as the budget, under each network's 20 MB), the last two are refused.
    const stored: number[] = [];
    const ids: string[] = [];
    for (let a = 0; a < 8; a += 1) {
      const address = `198.51.100.${160 + a}`;
      const made = await from(server, address, '', {
        method: 'POST',
        url: '/api/slowli/project',
        payload: projectBody('sl'),
      });
      const id = made.json<{ id: string }>().id;
      ids.push(id);
      const r = await from(server, address, cookiesOf(made), {
        method: 'POST',
        url: `/api/slowli/client_file/${id}`,
        ...sizedPdfUpload(600 * KB),
      });
      stored.push(r.statusCode);
      if (r.statusCode === 429)
        expect(r.json()).toMatchObject({
          code: 'service_storage_per_day',
          field: 'file',
          details: { limit: 2 },
        });
    }
    expect(stored).toEqual([...Array(6).fill(200), 429, 429]);
    const bytes = await server.db.selectFrom('files').select('size').where('project_id', 'in', ids).execute();
    console.info(
      `${dialect}: eight addresses allowed 1 MB a day each stored ${bytes.reduce((t, f) => t + f.size, 0) / KB} KB in all (the service's 2 MB a day and its reserve)`,
    );
    expect(bytes.length).toBe(6);
    const { admin, own } = await adminProject(server, '198.51.100.170');
    const file = await from(server, '198.51.100.170', admin, {
      method: 'POST',
      url: `/api/slowli/client_file/${own.json<{ id: string }>().id}`,
      ...sizedPdfUpload(600 * KB),
    });
    expect(file.statusCode).toBe(200);
  });

  it("counts an issued note in its visitor's storage before it is printed", async () => {
    const server = await start({ STORAGE_PER_DAY_MB: '1' });
    const address = '198.51.100.150';
    const made = await from(server, address, '', {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const cookie = cookiesOf(made);
    const id = made.json<{ id: string }>().id;
    const row = await server.db
      .selectFrom('projects')
      .select(['content', 'results'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // what an issued note keeps: the answers and results as printed, in UTF-8 bytes
    const kept = Buffer.byteLength(row.content) + Buffer.byteLength(row.results ?? 'null');
    const print = (at: string, who: string, project: string) =>
      from(server, at, who, {
        method: 'POST',
        url: `/api/slowli/pdf_download/${project}`,
        payload: { data: JSON.stringify({ informations: [] }) },
      });
    // The project's answers counted, a file leaves one byte less than a note keeps: the note is refused
    // before it is printed.
    const answers = Buffer.byteLength(row.content);
    expect(
      (
        await from(server, address, cookie, {
          method: 'POST',
          url: `/api/slowli/client_file/${id}`,
          ...sizedPdfUpload(1024 * 1024 - answers - kept + 1),
        })
      ).statusCode,
    ).toBe(200);
    const refused = await print(address, cookie, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'storage_per_day', details: { limit: 1 } });
    expect(await count(server, 'issued_notes')).toBe(0);
    // Another address creates a project and prints: its answers' bytes and the note's are counted for it.
    const other = await from(server, '198.51.100.151', '', {
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const printed = await print('198.51.100.151', cookiesOf(other), other.json<{ id: string }>().id);
    expect(printed.statusCode).toBe(200);
    const counted = await server.db
      .selectFrom('counters')
      .select('count')
      .where('key', '=', 'bytes|address|198.51.100.151|day')
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(answers + kept);
  });

  /** A 200-roof sl project (its schema's most), its site named `name`. */
  const bigProject = (name: string) =>
    projectBody('sl', (d) => {
      const roofs = d.roofs as Record<string, unknown>[];
      d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
      (d.project as Record<string, unknown>).name = name;
    });
  /** What a project holds (its answers and results, UTF-8 bytes) and the mark it was charged for. */
  const held = async (s: Server, id: string) => {
    const row = await s.db
      .selectFrom('projects')
      .select(['content', 'results', 'counted_bytes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      bytes: Buffer.byteLength(row.content) + Buffer.byteLength(row.results ?? ''),
      mark: Number(row.counted_bytes),
    };
  };
  const dayCount = async (s: Server, address: string) =>
    Number(
      (
        await s.db
          .selectFrom('counters')
          .select('count')
          .where('key', '=', `bytes|address|${address}|day`)
          .executeTakeFirst()
      )?.count ?? 0,
    );

  it("counts a project's answers and results in its visitor's day, each project for its largest only", async () => {
    const server = await start({
      STORAGE_PER_DAY_MB: '1',
      PROJECTS_PER_HOUR: '0',
      PROJECTS_PER_DAY: '0',
      ADMIN_PASSWORD,
    });
    const address = '198.51.100.200';
    let cookie = '';
    const send = async (o: InjectOptions) => {
      const r = await from(server, address, cookie, o);
      cookie = cookiesOf(r, cookie);
      return r;
    };
    const made = await send({ method: 'POST', url: '/api/slowli/project', payload: bigProject('Site A') });
    expect(made.statusCode).toBe(200);
    const id = made.json<{ id: string }>().id;
    expect(await dayCount(server, address)).toBe((await held(server, id)).bytes);
    expect((await send({ method: 'GET', url: `/api/sl/calculate/${id}` })).statusCode).toBe(200);
    const calculated = await held(server, id);
    expect(calculated.mark).toBe(calculated.bytes);
    expect(await dayCount(server, address)).toBe(calculated.bytes);
    // An edit (it clears the results) and the calculation again, three times: nothing more is charged.
    let version = 1;
    for (const name of ['Site B', 'Site C', 'Site D']) {
      const saved = await send({
        method: 'PUT',
        url: '/api/slowli/project',
        payload: { ...bigProject(name), id, version },
      });
      expect(saved.statusCode).toBe(200);
      version = saved.json<{ version: number }>().version;
      expect((await send({ method: 'GET', url: `/api/sl/calculate/${id}` })).statusCode).toBe(200);
    }
    expect(await dayCount(server, address)).toBe(calculated.bytes);
    // New projects of that size: the day's megabyte is spent within a few, and the refusal names it.
    const before = await count(server, 'projects');
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const r = await send({ method: 'POST', url: '/api/slowli/project', payload: bigProject(`Site ${i}`) });
      if (r.statusCode !== 200) refused = r;
      else {
        const calc = await send({ method: 'GET', url: `/api/sl/calculate/${r.json<{ id: string }>().id}` });
        if (calc.statusCode !== 200) refused = calc;
      }
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toMatchObject({ code: 'storage_per_day', field: 'steps', details: { limit: 1 } });
    expect(refused?.json().error).toMatch(/At most 1 MB of projects, files and notes stored a day/);
    expect(await dayCount(server, address)).toBeLessThanOrEqual(1024 * 1024);
    expect(await count(server, 'projects')).toBeLessThan(before + 10);
    // Another address is not held back by it; an admin is not counted at all.
    expect(
      (
        await from(server, '198.51.100.201', '', {
          method: 'POST',
          url: '/api/slowli/project',
          payload: bigProject('B'),
        })
      ).statusCode,
    ).toBe(200);
    const admin = cookiesOf(
      await from(server, address, '', {
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: ADMIN_PASSWORD },
      }),
    );
    for (let i = 0; i < 4; i += 1)
      expect(
        (
          await from(server, address, admin, {
            method: 'POST',
            url: '/api/slowli/project',
            payload: bigProject('Adm'),
          })
        ).statusCode,
      ).toBe(200);
  });

  it("holds a visitor's projects within its storage in all; a deleted project makes room, a variant costs its copy", async () => {
    const server = await start({ VISITOR_STORAGE_MB: '1', STORAGE_PER_DAY_MB: '0' });
    const address = '198.51.100.210';
    let cookie = '';
    const send = async (o: InjectOptions) => {
      const r = await from(server, address, cookie, o);
      cookie = cookiesOf(r, cookie);
      return r;
    };
    const ids: string[] = [];
    let refused: LightMyRequestResponse | undefined;
    // each project calculated: its results count too
    for (let i = 0; i < 20 && !refused; i += 1) {
      const r = await send({ method: 'POST', url: '/api/slowli/project', payload: bigProject(`Site ${i}`) });
      if (r.statusCode !== 200) refused = r;
      else {
        ids.push(r.json<{ id: string }>().id);
        const calc = await send({ method: 'GET', url: `/api/sl/calculate/${ids.at(-1)}` });
        if (calc.statusCode !== 200) refused = calc;
      }
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json()).toMatchObject({ code: 'visitor_storage', field: 'steps', details: { limit: 1 } });
    const marks = await Promise.all(ids.map(async (id) => (await held(server, id)).mark));
    expect(marks.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1024 * 1024);
    // a variant is refused as a new project would be, and nothing is made
    const before = await count(server, 'projects');
    const variant = await send({ method: 'POST', url: `/api/slowli/project/${ids[0]}/variant` });
    expect(variant.statusCode).toBe(413);
    expect(variant.json()).toMatchObject({ code: 'visitor_storage' });
    expect(await count(server, 'projects')).toBe(before);
    // deleting one makes room for the next
    expect((await send({ method: 'DELETE', url: `/api/slowli/project/${ids[0]}` })).statusCode).toBe(204);
    expect(
      (await send({ method: 'POST', url: '/api/slowli/project', payload: bigProject('Again') })).statusCode,
    ).toBe(200);
  });

  it('counts the failed sign-ins under one name from every address together, and an IPv6 /48 as one address', async () => {
    const server = await start({
      ADMIN_PASSWORD,
      LOGIN_FAILURES: '10',
      LOGIN_FAILURES_PER_ADDRESS: '30',
      LOGIN_FAILURES_PER_NAME: '5',
    });
    const login = (address: string, name: string, password: string) =>
      from(server, address, '', { method: 'POST', url: '/api/auth/login', payload: { name, password } });
    const codes: number[] = [];
    for (let a = 0; a < 10; a += 1)
      codes.push((await login(`192.0.2.${100 + a}`, 'admin', `wrong-${a}`)).statusCode);
    expect(codes).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    const locked = await login('192.0.2.120', 'admin', ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'login_locked_name',
      field: 'password',
      details: { limit: 5, hours: 24 },
    });
    // another name is not locked
    expect((await login('192.0.2.121', 'someone', 'wrong')).statusCode).toBe(401);
    // The addresses of one IPv6 /48 (whichever /64) are one address for the projects it creates.
    const hourly = await start({ PROJECTS_PER_HOUR: '2' });
    const create = (address: string) =>
      from(hourly, address, '', { method: 'POST', url: '/api/slowli/project', payload: projectBody('sl') });
    const line = ['2001:db8:26:1::1', '2001:db8:26:2::2', '2001:db8:26:ffff:8000::3'];
    const answers = [];
    for (const address of line) answers.push((await create(address)).statusCode);
    expect(answers).toEqual([200, 200, 429]);
    expect((await create('2001:db8:27::1')).statusCode).toBe(200);
    // And for the requests it makes a minute (RATE_LIMIT, @fastify/rate-limit's own count).
    const limited = await start({ RATE_LIMIT: '3' });
    const ask = async (address: string) =>
      (await from(limited, address, '', { method: 'GET', url: '/api/config' })).statusCode;
    const asked = [];
    for (const n of [1, 2, 3, 4]) asked.push(await ask(`2001:db8:28:${n}::1`));
    expect(asked).toEqual([200, 200, 200, 429]);
    expect(await ask('2001:db8:29::1')).toBe(200);
  });
});
