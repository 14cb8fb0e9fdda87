/**
 * Issue 30's reliability: codes and links cannot be guessed. 1,000 guessed verification codes and 1,000
 * guessed project links each answer 404 (never a note, never a project) until the address meets the
 * rate limit, then 429 with Retry-After; another address is served still; the routes' own limits hold
 * with the general limit off (issue 35, item 5). A renewed link leaves the old one dead, and the access
 * it gave too.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { newCode } from '../../server/verify/codes';
import { VERIFY_PER_MINUTE } from '../../server/verify/routes';
import { OPEN_PER_MINUTE } from '../../server/projects/link/routes';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from '../server/harness';
import { projectBody } from '../server/projects.fixtures';

describe.each(DIALECTS)('guessing codes and links (%s)', (dialect) => {
  let place: Place;
  let server: Server;

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place, { RATE_LIMIT: '600' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  const guess = async (url: (i: number) => string, method: 'GET' | 'POST', remoteAddress: string) => {
    const statuses = new Map<number, number>();
    let retryAfter = '';
    for (let i = 0; i < 1000; i += 1) {
      const r = await server.app.inject({ method, url: url(i), remoteAddress });
      statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      if (r.statusCode === 429) retryAfter = String(r.headers['retry-after']);
    }
    return { statuses: Object.fromEntries(statuses), retryAfter };
  };

  it('answers 1,000 guessed verification codes 404, then the rate limit', async () => {
    const { statuses, retryAfter } = await guess(() => `/api/verify/${newCode()}`, 'GET', '198.51.100.7');
    expect(statuses).toEqual({ 404: VERIFY_PER_MINUTE, 429: 1000 - VERIFY_PER_MINUTE });
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // another address is still answered
    const other = await server.app.inject({ url: `/api/verify/${newCode()}`, remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(404);
  });

  it('answers 1,000 guessed project links 404, then the rate limit', async () => {
    const { statuses } = await guess(
      () => `/api/project_link/${randomBytes(16).toString('base64url')}`,
      'POST',
      '198.51.100.9',
    );
    expect(statuses).toEqual({ 404: OPEN_PER_MINUTE, 429: 1000 - OPEN_PER_MINUTE });
  });

  it('keeps the limits of guessing codes and links when the general limit is off (RATE_LIMIT=0)', async () => {
    const open = (await serverOn(place, { RATE_LIMIT: '0' })).server;
    try {
      const tries = async (url: () => string, method: 'GET' | 'POST', remoteAddress: string) => {
        const codes: number[] = [];
        for (let i = 0; i <= VERIFY_PER_MINUTE; i += 1)
          codes.push((await open.app.inject({ method, url: url(), remoteAddress })).statusCode);
        return codes;
      };
      expect(await tries(() => `/api/verify/${newCode()}`, 'GET', '198.51.100.17')).toEqual([
        ...Array(VERIFY_PER_MINUTE).fill(404),
        429,
      ]);
      expect(OPEN_PER_MINUTE).toBe(VERIFY_PER_MINUTE);
      expect(
        await tries(
          () => `/api/project_link/${randomBytes(16).toString('base64url')}`,
          'POST',
          '198.51.100.18',
        ),
      ).toEqual([...Array(OPEN_PER_MINUTE).fill(404), 429]);
      // the general limit is off: another route is not counted
      for (let i = 0; i < 40; i += 1)
        expect(
          (await open.app.inject({ url: '/api/config', remoteAddress: '198.51.100.17' })).statusCode,
        ).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('leaves a renewed link dead, and the browsers it opened the project in shut out', async () => {
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    const owner = cookiesOf(made);
    const id = made.json<{ id: string }>().id;
    const link = async () =>
      (
        await server.app.inject({
          method: 'POST',
          url: `/api/slowli/project/${id}/link`,
          headers: { cookie: owner },
        })
      ).json<{ token: string }>().token;
    const tokens: string[] = [];
    const holders: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const token = await link();
      const opened = await server.app.inject({
        method: 'POST',
        url: `/api/project_link/${token}`,
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(opened.statusCode).toBe(200);
      tokens.push(token);
      holders.push(cookiesOf(opened));
    }
    expect(new Set(tokens).size).toBe(5);
    // only the last link opens the project; only its holder sees it
    for (const [i, token] of tokens.entries()) {
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/project_link/${token}`,
        remoteAddress: `192.0.2.${20 + i}`,
      });
      expect(r.statusCode).toBe(i === 4 ? 200 : 404);
      const seen = await server.app.inject({
        url: `/api/slowli/project/${id}`,
        headers: { cookie: holders[i]! },
      });
      expect(seen.statusCode).toBe(i === 4 ? 200 : 404);
    }
  });
});
