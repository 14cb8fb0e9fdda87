/**
 * kill -9 under write load (issue 12), on SQLite and on PostgreSQL: the real server in its own process
 * (server/main.ts), 8 browsers creating and saving projects over HTTP as fast as it answers, SIGKILL in
 * the middle, a restart on the same DATA_DIR / DATABASE_URL, and every acknowledged (2xx) write read
 * back: none may be lost. A save the server was given but never acknowledged may or may not be there;
 * when it is, it is whole. Short: one kill after 2 s of load; full: five kills after 1 to 3 s each.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshPlace } from '../place';
import { projectBody } from '../server/projects.fixtures';
import { FULL, fakeDist, size, sleep, waitFor } from './support/common';
import { Browser, startServer, stopAll, type ServerProcess } from './support/child';

const KILLS = size(1, 5);
const WRITERS = 8;
/** acknowledged saves of each cycle before its kill, at least */
const MIN_SAVES = 50;

type Steps = { Chantier: { forms: { form: { name: string } }[] } } & Record<string, unknown>;
const BASE = projectBody('sl').steps as unknown as Steps;
/** The project's steps with `marker` as its name: each save writes a name of its own. */
function stepsNamed(marker: string): Steps {
  const steps = structuredClone(BASE);
  steps.Chantier.forms[0]!.form.name = marker;
  return steps;
}

/** A project one writer owns, what the server acknowledged of it, and the save it had not answered yet. */
interface Tracked {
  id: string;
  browser: Browser;
  acked: { version: number; name: string };
  pending: { version: number; name: string } | null;
}

afterAll(stopAll);

// Both databases at once: each server starts and runs its load while the other does (the 2 s of load
// and the restarts overlap), which also adds to the load each one is under.
describe('kill -9 under write load', () => {
  it.concurrent.each(DIALECTS)(
    `on %s: loses no acknowledged write over ${KILLS} kill${KILLS > 1 ? 's' : ''} and restart${KILLS > 1 ? 's' : ''}`,
    async (dialect) => {
      const place = await freshPlace(dialect);
      const dist = fakeDist();
      const env = { ...place.env, DIST_DIR: dist, MAILER: 'off' };
      const tracked: Tracked[] = [];
      const browsers = Array.from({ length: WRITERS }, () => new Browser(''));
      let server: ServerProcess | null = null;
      const totals = {
        creates: 0,
        saves: 0,
        inFlightAtKill: 0,
        landedUnacked: 0,
        lost: [] as string[],
        failures: [] as string[],
      };
      try {
        server = await startServer(env);
        for (let cycle = 1; cycle <= KILLS; cycle += 1) {
          for (const b of browsers) b.base = server.url;
          let stop = false;
          let inFlight = 0;
          /** Writer w: creates a project now and then, else saves one of its own with the version it knows. */
          const writer = async (w: number) => {
            const browser = browsers[w]!;
            const mine = () => tracked.filter((t) => t.browser === browser);
            for (let n = 0; !stop; n += 1) {
              const own = mine();
              inFlight += 1;
              try {
                if (own.length === 0 || n % 5 === 0) {
                  const name = `c${cycle}-w${w}-n${n}`;
                  const r = await browser.send('POST', '/api/slowli/project', { steps: stepsNamed(name) });
                  if (r.status !== 200) throw new Error(`create answered ${r.status}`);
                  tracked.push({
                    id: (r.body as { id: string }).id,
                    browser,
                    acked: { version: 1, name },
                    pending: null,
                  });
                  totals.creates += 1;
                } else {
                  const t = own[n % own.length]!;
                  const name = `c${cycle}-w${w}-n${n}`;
                  t.pending = { version: t.acked.version + 1, name };
                  const r = await browser.send('PUT', '/api/slowli/project', {
                    id: t.id,
                    version: t.acked.version,
                    steps: stepsNamed(name),
                  });
                  if (r.status !== 200)
                    throw new Error(`save answered ${r.status}: ${JSON.stringify(r.body)}`);
                  const v = (r.body as { version: number }).version;
                  if (v !== t.acked.version + 1) throw new Error(`save answered version ${v}`);
                  t.acked = { version: v, name };
                  t.pending = null;
                  totals.saves += 1;
                }
              } catch (e) {
                // The connection failed because the server was killed: the writer stops. Anything else (a
                // refusal, an error before the kill) is a failure, kept for the assertion below.
                if (!(e instanceof TypeError) || !stop) totals.failures.push(`writer ${w}: ${String(e)}`);
                return;
              } finally {
                inFlight -= 1;
              }
            }
          };
          const load = Promise.all(browsers.map((_, w) => writer(w)));
          // The kill comes after the load time and at least MIN_SAVES acknowledged saves of this cycle, however
          // slow the machine is (at most a minute).
          const savesBefore = totals.saves;
          const t0 = performance.now();
          await sleep(FULL ? 1000 + Math.floor(Math.random() * 2000) : 2000);
          await waitFor(
            `${MIN_SAVES} saves`,
            () => totals.saves - savesBefore >= MIN_SAVES || totals.failures.length > 0,
            60_000,
          );
          const loadMs = Math.round(performance.now() - t0);
          stop = true;
          const atKill = inFlight;
          totals.inFlightAtKill += atKill;
          await server.stop('SIGKILL');
          await load;

          // The same data, a new process: every acknowledged write is read back.
          const r0 = performance.now();
          server = await startServer(env);
          const restartMs = Math.round(performance.now() - r0);
          if (dialect === 'sqlite') {
            const check = new SQLite(join(place.env.DATA_DIR!, 'app.db'), { readonly: true });
            try {
              expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
            } finally {
              check.close();
            }
          }
          for (const t of tracked) {
            t.browser.base = server.url;
            const r = await t.browser.send('GET', `/api/slowli/project/${t.id}`);
            const body = r.body as { version: number; steps: Steps };
            const got =
              r.status === 200
                ? { version: body.version, name: body.steps.Chantier.forms[0]!.form.name }
                : null;
            if (got && got.version === t.acked.version && got.name === t.acked.name) {
              t.pending = null;
              continue;
            }
            if (got && t.pending && got.version === t.pending.version && got.name === t.pending.name) {
              // The save was written but its answer never left: it is there, whole.
              totals.landedUnacked += 1;
              t.acked = t.pending;
              t.pending = null;
              continue;
            }
            totals.lost.push(
              `${t.id}: acknowledged v${t.acked.version} '${t.acked.name}', read ${r.status} ${JSON.stringify(got)}`,
            );
          }
          console.info(
            `${dialect}, kill ${cycle}/${KILLS} after ${loadMs} ms of load, restarted in ${restartMs} ms: ${tracked.length} projects, ` +
              `${totals.creates} creates and ${totals.saves} saves acknowledged so far, ${atKill} requests in flight ` +
              `at the kill, ${totals.landedUnacked} unanswered saves found written, ${totals.lost.length} lost`,
          );
        }
        expect(totals.failures).toEqual([]);
        expect(totals.lost).toEqual([]);
        // The kills came under load: writes were acknowledged, and some were on their way at each kill.
        expect(totals.saves).toBeGreaterThanOrEqual(MIN_SAVES * KILLS);
        expect(totals.inFlightAtKill).toBeGreaterThanOrEqual(KILLS);
      } finally {
        await server?.stop('SIGKILL');
        await place.drop();
        rmSync(dist, { recursive: true, force: true });
      }
    },
    size(90_000, 400_000),
  );
});
