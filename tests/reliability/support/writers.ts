/**
 * Concurrent writers on one project, as the API asks them to write (DESIGN.md section 4): each reads the
 * project, adds a change of its own to the steps it read, and saves them with the version it read; a 409
 * means someone saved in between, so it reads again and retries until its save lands.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Steps = Record<string, { forms: { form: Record<string, unknown>; uuid?: string }[] }>;

/** One acknowledged save: the writer, the version the server answered, and what it saved. */
export interface Ack {
  writer: number;
  version: number;
  changed: boolean;
}

export interface WritersOutcome {
  acks: Ack[];
  /** 409 answers the writers received (and retried after) */
  conflicts: number;
  /** the project as it is read at the end */
  final: { version: number; roofs: string[] };
}

/** The name of writer i's roof. */
export const roofOf = (i: number): string => `writer-${i}`;

/**
 * Runs `n` writers on the flow-limiter project `id`. Writer i adds the roof `writer-i`. `inject` sends a
 * request of writer i (to whichever server it talks to). Every writer reads first, and none saves before
 * all have read, so the first round is a real race: one save lands, n-1 get 409.
 */
export async function concurrentWriters(opts: {
  n: number;
  id: string;
  cookie: string;
  inject: (writer: number, o: InjectOptions) => Promise<LightMyRequestResponse>;
}): Promise<WritersOutcome> {
  const { n, id, cookie } = opts;
  const headers = { cookie };
  const read = async (i: number) => {
    const r = await opts.inject(i, { method: 'GET', url: `/api/slowli/project/${id}`, headers });
    if (r.statusCode !== 200) throw new Error(`writer ${i}: GET answered ${r.statusCode} ${r.payload}`);
    return r.json<{ version: number; steps: Steps }>();
  };
  let conflicts = 0;
  let arrived = 0;
  let release: () => void = () => undefined;
  const allRead = new Promise<void>((res) => (release = res));
  const writer = async (i: number): Promise<Ack> => {
    let first = true;
    for (let attempt = 0; attempt < 20 * n; attempt += 1) {
      const { version, steps } = await read(i);
      if (first) {
        first = false;
        arrived += 1;
        if (arrived === n) release();
        await allRead;
      }
      const roofs = steps.Toiture!.forms;
      roofs.push({ form: { ...roofs[0]!.form, name: roofOf(i) }, uuid: `Writer${i}` });
      const r = await opts.inject(i, {
        method: 'PUT',
        url: '/api/slowli/project',
        payload: { id, version, steps },
        headers,
      });
      if (r.statusCode === 409) {
        conflicts += 1;
        continue;
      }
      if (r.statusCode !== 200) throw new Error(`writer ${i}: PUT answered ${r.statusCode} ${r.payload}`);
      const body = r.json<{ version: number; changed: boolean }>();
      return { writer: i, version: body.version, changed: body.changed };
    }
    throw new Error(`writer ${i}: no save landed after ${20 * n} attempts`);
  };
  const acks = await Promise.all(Array.from({ length: n }, (_, i) => writer(i)));
  const end = await read(0);
  return {
    acks,
    conflicts,
    final: { version: end.version, roofs: end.steps.Toiture!.forms.map((f) => String(f.form.name)) },
  };
}
