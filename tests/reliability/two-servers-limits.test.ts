/**
 * Issue 35, item 5: two server instances on one PostgreSQL database (as two-servers.test.ts runs them)
 * meet every limit, quota and per-visitor share at the same count as one: the general request limit and
 * the routes' own (verification codes, project links), failed sign-ins (per name and address, per
 * address, per name), projects (per visitor an hour, the service's a day), bytes stored (per visitor
 * and the service's, a day), and the calculations and notes a visitor has in flight. Each limit is
 * counted once with instance A alone and once with A and B answering in turn (fresh addresses each
 * time); the table of counts is printed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { newCode } from '../../server/verify/codes';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';
import { emptyNote, sizedPdfUpload } from './support/common';

const ADMIN_PASSWORD = 'two-servers-limits-password';
/** Small limits, so that each is met within a few requests. */
const LIMITS = {
  ADMIN_PASSWORD,
  RATE_LIMIT: '12',
  LOGIN_FAILURES: '3',
  LOGIN_FAILURES_PER_ADDRESS: '5',
  LOGIN_FAILURES_PER_NAME: '7',
  PROJECTS_PER_HOUR: '3',
  SERVICE_PROJECTS_PER_DAY: '9',
  STORAGE_PER_DAY_MB: '1',
  SERVICE_STORAGE_PER_DAY_MB: '3',
  CALC_PER_VISITOR: '2',
  PDF_PER_VISITOR: '1',
};
const KB = 1024;

/** A 200-roof smca project named `name`: its calculation takes a while, and its content is its own. */
const bigProject = (name: string) =>
  projectBody('smca', (d) => {
    const roofs = d.roofs as Record<string, unknown>[];
    d.roofs = Array.from({ length: 200 }, (_, i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
    (d.project as Record<string, unknown>).name = name;
  });

describe.runIf(DIALECTS.includes('postgres'))('limits across two servers on one PostgreSQL', () => {
  let place: Place;
  /** two instances of the flow limiter (client mode), and two of the Canadian calculator (its 200-roof projects) */
  const client: Server[] = [];
  const canada: Server[] = [];

  beforeAll(async () => {
    place = await freshPlace('postgres');
    for (const [mode, pair] of [
      ['client', client],
      ['canada', canada],
    ] as const)
      for (let i = 0; i < 2; i += 1) pair.push((await serverOn(place, { ...LIMITS, APP_MODE: mode })).server);
  });
  afterAll(async () => {
    for (const s of [...client, ...canada]) await s.close();
    await place?.drop();
  });

  const from = (s: Server, address: string, cookie: string, o: InjectOptions) =>
    s.app.inject({ ...o, remoteAddress: address, headers: { ...o.headers, ...(cookie ? { cookie } : {}) } });
  /**
   * The service's daily counts, its reserve's and what each address took start afresh (the one-server and
   * two-server counts each from zero).
   */
  const freshService = () =>
    client[0]!.db
      .deleteFrom('counters')
      .where((e) => e.or(['%|service|%', '%|service-reserve|%', '%|taken|%'].map((k) => e('key', 'like', k))))
      .execute();
  /** A new project on `s`: a flow limiter's, or a Canadian one's on a Canadian instance. */
  const create = async (s: Server, address: string, cookie = '') => {
    const [type, body] = canada.includes(s) ? ['smca', projectBody('smca')] : ['slowli', projectBody('sl')];
    const r = await from(s, address, cookie, { method: 'POST', url: `/api/${type}/project`, payload: body });
    return { r, cookie: cookiesOf(r, cookie), id: r.statusCode === 200 ? r.json<{ id: string }>().id : '' };
  };

  /**
   * Sends request i = 0, 1, … to `servers` in turn until one is answered 429: that request's number
   * (from 1); any other answer must be one of `ok`.
   */
  const hitAt = async (
    servers: Server[],
    send: (s: Server, i: number) => Promise<LightMyRequestResponse>,
    ok: number[] = [200],
    most = 60,
  ): Promise<number> => {
    for (let i = 0; i < most; i += 1) {
      const r = await send(servers[i % servers.length]!, i);
      if (r.statusCode === 429) return i + 1;
      expect(ok, r.payload).toContain(r.statusCode);
    }
    return Infinity;
  };

  /**
   * Requests sent at once: the number of the one refused (those answered 200, plus one), Infinity
   * when none is; a refusal says its `code`.
   */
  const atOnce = (asks: LightMyRequestResponse[], code: string): number => {
    const refused = asks.filter((r) => r.statusCode === 429);
    for (const r of refused) expect(r.json()).toMatchObject({ code });
    expect(asks.length - refused.length, asks.map((r) => r.payload.slice(0, 200)).join('\n')).toBe(
      asks.filter((r) => r.statusCode === 200).length,
    );
    return refused.length ? asks.length - refused.length + 1 : Infinity;
  };

  /**
   * Each limit: the request meeting it with the servers given (one or two of a pair: the Canadian pair
   * for the calculations and notes of its 200-roof projects, the flow limiter's for the rest).
   */
  const limits: Record<string, (servers: Server[], phase: string) => Promise<number>> = {
    'RATE_LIMIT (12 a minute)': (servers, p) =>
      hitAt(servers, (s) => from(s, `10.35.${p}.1`, '', { method: 'GET', url: '/api/config' })),
    'verification codes (30 a minute)': (servers, p) =>
      hitAt(
        servers,
        (s) => from(s, `10.35.${p}.2`, '', { method: 'GET', url: `/api/verify/${newCode()}` }),
        [404],
      ),
    'project links (30 a minute)': (servers, p) =>
      hitAt(
        servers,
        (s, i) =>
          from(s, `10.35.${p}.3`, '', {
            method: 'POST',
            url: `/api/project_link/${'x'.repeat(21)}${i % 10}`,
          }),
        [404],
      ),
    'sign-ins per name and address (3)': (servers, p) =>
      hitAt(
        servers,
        (s) =>
          from(s, `10.35.${p}.4`, '', {
            method: 'POST',
            url: '/api/auth/login',
            payload: { name: `n${p}`, password: 'wrong-pass' },
          }),
        [401],
      ),
    'sign-ins per address (5)': (servers, p) =>
      hitAt(
        servers,
        (s, i) =>
          from(s, `10.35.${p}.5`, '', {
            method: 'POST',
            url: '/api/auth/login',
            payload: { name: `m${p}-${i}`, password: 'wrong-pass' },
          }),
        [401],
      ),
    'sign-ins per name, every address (7)': (servers, p) =>
      hitAt(
        servers,
        (s, i) =>
          from(s, `10.36.${p}.${i}`, '', {
            method: 'POST',
            url: '/api/auth/login',
            payload: { name: `k${p}`, password: 'wrong-pass' },
          }),
        [401],
      ),
    'projects per visitor an hour (3)': async (servers, p) => {
      await freshService();
      let cookie = '';
      return hitAt(servers, async (s) => {
        const made = await create(s, `10.35.${p}.6`, cookie);
        cookie = made.cookie;
        return made.r;
      });
    },
    "the service's projects a day (9), then its reserve (9 more)": async (servers, p) => {
      await freshService();
      return hitAt(servers, async (s, i) => (await create(s, `10.37.${p}.${i}`)).r);
    },
    'bytes per visitor a day (1 MB: 300 KB files)': async (servers, p) => {
      await freshService();
      const made = await create(servers[0]!, `10.35.${p}.7`);
      return hitAt(servers, (s) =>
        from(s, `10.35.${p}.7`, made.cookie, {
          method: 'POST',
          url: `/api/slowli/client_file/${made.id}`,
          ...sizedPdfUpload(300 * KB),
        }),
      );
    },
    "the service's bytes a day (3 MB: 700 KB files), then its reserve (3 MB more)": async (servers, p) => {
      await freshService();
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => create(servers[i % servers.length]!, `10.38.${p}.${i}`)),
      );
      return hitAt(
        servers,
        (s, i) =>
          from(s, `10.38.${p}.${i}`, made[i]!.cookie, {
            method: 'POST',
            url: `/api/slowli/client_file/${made[i]!.id}`,
            ...sizedPdfUpload(700 * KB),
          }),
        [200],
        made.length,
      );
    },
    'calculations in flight per visitor (2)': async (servers, p) => {
      // three at once: two calculate, the third meets the share (at whichever server it arrives)
      const asks = await Promise.all(
        [0, 1, 2].map((i) =>
          from(servers[i % servers.length]!, `10.35.${p}.8`, '', {
            method: 'POST',
            url: '/api/smca/preview',
            payload: bigProject(`${p}-${i}`),
          }),
        ),
      );
      return atOnce(asks, 'calculations_busy');
    },
    'notes in flight per visitor (1)': async (servers, p) => {
      await freshService();
      const made = await create(servers[0]!, `10.35.${p}.9`);
      const asks = await Promise.all(
        [0, 1].map((i) =>
          from(servers[i % servers.length]!, `10.35.${p}.9`, made.cookie, {
            method: 'POST',
            url: `/api/smca/pdf_download/${made.id}`,
            payload: emptyNote,
          }),
        ),
      );
      return atOnce(asks, 'notes_busy');
    },
  };
  const expected = [13, 31, 31, 4, 6, 8, 4, 19, 4, 9, 3, 2];

  it('meets every limit at the same count with one server and with two', async () => {
    const rows: { limit: string; one: number; two: number; expected: number }[] = [];
    const names = Object.keys(limits);
    for (const [k, name] of names.entries()) {
      const pair = /in flight/.test(name) ? canada : client;
      const one = await limits[name]!([pair[0]!], '1');
      const two = await limits[name]!(pair, '2');
      rows.push({ limit: name, one, two, expected: expected[k]! });
    }
    console.info(
      `the request meeting each limit, one server / two servers in turn:\n${rows
        .map((r) => `  ${r.limit}: ${r.one} / ${r.two} (expected ${r.expected})`)
        .join('\n')}`,
    );
    expect(rows.map((r) => [r.limit, r.one, r.two])).toEqual(
      rows.map((r) => [r.limit, r.expected, r.expected]),
    );
  });
});
