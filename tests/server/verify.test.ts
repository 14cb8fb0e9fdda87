import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../pdfText';
import { qrOfCover } from '../qrFromPdf';
import { cookiesOf, DIALECTS, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';
import type { Server } from '../../server/app';

const emptyNote = { data: JSON.stringify({ informations: [] }) };
/** The start of the cover's line under a QR code that leads to the request's address (sl speaks French). */
const DEVELOPMENT_ADDRESS =
  (
    JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/common/note.fr.json'), 'utf8')) as {
      app: { note_cover: { verify_request_address?: string } };
    }
  ).app.note_cover.verify_request_address
    ?.replace(/\s+/g, ' ')
    .slice(0, 40) ?? 'no such message';

// Notes are printed on worker threads: a loaded machine takes its time over several.
describe.each(DIALECTS)('issued notes and project links (%s)', { timeout: 120_000 }, (dialect) => {
  let place: Place;
  let server: Server;
  let owner = '';
  const inject = (o: InjectOptions): Promise<LightMyRequestResponse> => server.app.inject(o);
  const as = (cookie: string, o: InjectOptions) => inject({ ...o, headers: { ...o.headers, cookie } });

  /** A calculated flow-limiter project of the owner, with a client's contact in its answers. */
  const calculated = async () => {
    const body = projectBody('sl');
    const r = await as(owner, { method: 'POST', url: '/api/slowli/project', payload: body as object });
    owner = cookiesOf(r, owner);
    const id = r.json<{ id: string }>().id;
    expect((await as(owner, { method: 'GET', url: `/api/slowli/calculate/${id}` })).statusCode).toBe(200);
    return { id, body };
  };
  const print = async (id: string) => {
    const r = await as(owner, {
      method: 'POST',
      url: `/api/slowli/pdf_download/${id}?locale=en`,
      payload: emptyNote,
      headers: { host: 'calc.example.org' },
    });
    expect(r.statusCode).toBe(200);
    return { pdf: r.rawPayload, code: String(r.headers['x-verification-code']) };
  };

  beforeAll(async () => {
    place = await freshPlace(dialect);
    server = (await serverOn(place)).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });

  it('prints the code on every page and its address as a QR code on the cover', async () => {
    const { id } = await calculated();
    const { pdf, code } = await print(id);
    expect(code).toMatch(/^[a-z2-7]{26}$/);
    const text = await pdfText(pdf);
    const pages = Number(/Page 1 \/ (\d+)/.exec(text)?.[1]);
    // (the flow-limiter calculator speaks French only: its note is in French whatever was asked)
    expect(text.split(`Code de vérification : ${code}`).length - 1).toBe(pages);
    // no PUBLIC_URL (development): the request's address, and the cover says so
    expect(await qrOfCover(pdf)).toBe(`http://calc.example.org/client/verify/${code}`);
    expect(text.replace(/\s+/g, ' ')).toContain(DEVELOPMENT_ADDRESS);
    // each print is its own issued note
    expect((await print(id)).code).not.toBe(code);
  });

  it('prints the configured public address, whatever Host the request names (PUBLIC_URL)', async () => {
    const { id } = await calculated();
    const configured = (await serverOn(place, { PUBLIC_URL: 'https://calculs.example.fr/' })).server;
    try {
      const r = await configured.app.inject({
        method: 'POST',
        url: `/api/slowli/pdf_download/${id}`,
        payload: emptyNote,
        headers: {
          cookie: owner,
          host: 'verify-evil.example',
          'x-forwarded-host': 'verify-evil.example',
          'x-forwarded-proto': 'http',
        },
      });
      expect(r.statusCode).toBe(200);
      const code = String(r.headers['x-verification-code']);
      expect(await qrOfCover(r.rawPayload)).toBe(`https://calculs.example.fr/client/verify/${code}`);
      // a configured address is the service's own: the cover says nothing of where it came from
      expect(await pdfText(r.rawPayload)).not.toContain(DEVELOPMENT_ADDRESS);
    } finally {
      await configured.close();
    }
  });

  it('verifies a code: the figures as issued, the same today, no client contact unless the author allows', async () => {
    const { id, body } = await calculated();
    const { code } = await print(id);
    const r = await inject({ method: 'GET', url: `/api/verify/${code}?locale=en` });
    expect(r.statusCode).toBe(200);
    const v = r.json<{
      status: string;
      same: boolean;
      figures: { label: string; issued: string; today: string; differs: boolean }[];
      changes: unknown[];
      method: { issued: string; today: string };
      climate: string;
      sections: { title: string; items: { label: string; value: string }[] }[];
    }>();
    // each roof with its answers, not a bare title, in English although sl's pages speak French only
    const roofs = v.sections.find((s) => s.items.some((i) => /^Roof 1\b/.test(i.label)));
    expect(roofs?.items[0]!.value).toMatch(/Retention area: [\d,]+ m²/);
    expect(v.status).toBe('issued');
    expect(v.same).toBe(true);
    // the design rain in words, no programme identifier ('published', 'T10')
    expect(v.climate).toMatch(/^Montana law, published coefficients .*10-year return period$/);
    expect(v.climate).not.toMatch(/\bpublished\)|T10/);
    expect(v.changes).toEqual([]);
    expect(v.figures.length).toBeGreaterThan(0);
    expect(v.figures.every((f) => !f.differs && f.issued !== '–')).toBe(true);
    // written as read: no decimals padded with zeros ('119,000 m³' reads as 119 thousand in English)
    expect(v.figures.filter((f) => /,\d*0(\s|$)/.test(f.issued))).toEqual([]);
    expect(v.method.issued).toContain('1.5.0');
    const client = (body.steps as Record<string, { forms: { form: Record<string, unknown> }[] }>).Client!
      .forms[0]!.form;
    const email = String(client.email);
    expect(email).toContain('@');
    expect(r.body).not.toContain(email);
    // the author shows the client's details; the code typed in capitals with a dash is the same code
    const shown = await as(owner, {
      method: 'PATCH',
      url: `/api/slowli/note/${code}`,
      payload: { show_client: true },
    });
    expect(shown.statusCode).toBe(204);
    const typed = `${code.slice(0, 13).toUpperCase()}-${code.slice(13)}`;
    expect((await inject({ method: 'GET', url: `/api/verify/${typed}` })).body).toContain(email);
    // another visitor cannot
    const other = await inject({
      method: 'PATCH',
      url: `/api/slowli/note/${code}`,
      payload: { withdrawn: true },
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers a page read again from the views it holds, and a note changed since anew', async () => {
    const { id, body } = await calculated();
    const { code } = await print(id);
    const views = server.app.verifyViews;
    const read = (cookie = '', locale = 'en') =>
      as(cookie, { method: 'GET', url: `/api/verify/${code}?locale=${locale}` });
    const held = views.size;
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(views.size).toBe(held + 1);
    // read again, by anyone: the same page, from the view held (a 200-roof note's took 40-50 ms to build)
    const again = await read();
    expect(again.body).toBe(first.body);
    expect(views.size).toBe(held + 1);
    // its author reads the same view, with what only the author may do added
    const byAuthor = await read(owner);
    expect(byAuthor.json<{ author?: { show_client: boolean } }>().author).toEqual({
      api: '/api/slowli',
      show_client: false,
    });
    expect(again.json<{ author?: unknown }>().author).toBeUndefined();
    expect(views.size).toBe(held + 1);
    // another language is another view
    expect((await read('', 'fr')).json<{ locale: string }>().locale).toBe('fr');
    expect(views.size).toBe(held + 2);
    // the client shown since: the page says so at once
    const client = (body.steps as Record<string, { forms: { form: Record<string, unknown> }[] }>).Client!
      .forms[0]!.form;
    expect(first.body).not.toContain(String(client.email));
    await as(owner, { method: 'PATCH', url: `/api/slowli/note/${code}`, payload: { show_client: true } });
    expect((await read()).body).toContain(String(client.email));
    // the issued figures changed in the database: the page compares them anew
    const note = await server.db
      .selectFrom('issued_notes')
      .select('results')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const changed = JSON.parse(note.results) as { max_volume: number };
    changed.max_volume *= 1.5;
    await server.db
      .updateTable('issued_notes')
      .set({ results: JSON.stringify(changed) })
      .where('code', '=', code)
      .execute();
    expect(first.json<{ same: boolean }>().same).toBe(true);
    expect((await read()).json<{ same: boolean }>().same).toBe(false);
  });

  it('explains a difference by the method changes between the issued version and today', async () => {
    const { id } = await calculated();
    const { code } = await print(id);
    // the note as a build of method 1.1 issued it: another version, another leakage
    const note = await server.db
      .selectFrom('issued_notes')
      .select('results')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const older = JSON.parse(note.results) as { method: { version: string }; max_volume: number };
    older.method.version = '1.1.0';
    older.max_volume = older.max_volume * 1.5;
    await server.db
      .updateTable('issued_notes')
      .set({ results: JSON.stringify(older), method_version: '1.1.0' })
      .where('code', '=', code)
      .execute();
    const v = (await inject({ method: 'GET', url: `/api/verify/${code}?locale=en` })).json<{
      same: boolean;
      figures: { issued: string; today: string; delta?: string; differs: boolean }[];
      changes: { version: string; text: string }[];
    }>();
    expect(v.same).toBe(false);
    expect(v.figures.filter((f) => f.differs)).toHaveLength(1);
    expect(v.figures.find((f) => f.delta)?.delta).toMatch(/^−/);
    expect(v.changes.map((c) => c.version)).toEqual(['1.2.0', '1.3.0', '1.4.0', '1.5.0']);
    // the English view of a French-only calculator's note speaks English (issue 37 item 5)
    expect(v.changes[0]!.text).toContain('Method 1.2');
    expect(v.changes[1]!.text).toContain('Method 1.3');
    expect(v.changes[2]!.text).toContain('Method 1.4');
    expect(v.changes[3]!.text).toContain('Method 1.5');
  });

  it('says whether a PDF is the issued one, byte for byte', async () => {
    const { id } = await calculated();
    const { pdf, code } = await print(id);
    const check = (bytes: Buffer) =>
      inject({
        method: 'POST',
        url: `/api/verify/${code}/pdf`,
        payload: bytes,
        headers: { 'content-type': 'application/pdf' },
      });
    expect((await check(pdf)).json()).toEqual({ issued: true, withdrawn: false });
    const altered = Buffer.from(pdf);
    const at = Math.floor(altered.length / 2);
    altered[at] = altered[at]! ^ 1;
    expect((await check(altered)).json()).toEqual({ issued: false, withdrawn: false });
    const other = (await print(id)).pdf;
    expect((await check(other)).json()).toMatchObject({ issued: false });
  });

  it('says a withdrawn code is withdrawn, and nothing more', async () => {
    const { id } = await calculated();
    const { code } = await print(id);
    const list = await as(owner, { method: 'GET', url: `/api/slowli/project/${id}/notes` });
    expect(list.json<{ notes: { code: string; withdrawn: boolean }[] }>().notes).toEqual([
      expect.objectContaining({ code, withdrawn: false }),
    ]);
    const w = await as(owner, {
      method: 'PATCH',
      url: `/api/slowli/note/${code}`,
      payload: { withdrawn: true },
    });
    expect(w.statusCode).toBe(204);
    const v = await inject({ method: 'GET', url: `/api/verify/${code}` });
    expect(v.json()).toMatchObject({ status: 'withdrawn', code });
    expect(v.json()).not.toHaveProperty('figures');
  });

  it("deleting a project asks what becomes of its notes; kept, they stay the author's to withdraw or hide", async () => {
    const { id, body } = await calculated();
    const { code } = await print(id);
    const email = String(
      (body.steps as Record<string, { forms: { form: Record<string, unknown> }[] }>).Client!.forms[0]!.form
        .email,
    );
    const patch = (cookie: string, payload: object) =>
      as(cookie, { method: 'PATCH', url: `/api/slowli/note/${code}`, payload });
    expect((await patch(owner, { show_client: true })).statusCode).toBe(204);
    // no choice while a note stands: 400 naming the field, nothing deleted
    const asked = await as(owner, { method: 'DELETE', url: `/api/slowli/project/${id}` });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ field: 'notes' });
    const wrong = await as(owner, {
      method: 'DELETE',
      url: `/api/slowli/project/${id}`,
      payload: { notes: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'notes' });
    expect((await as(owner, { method: 'GET', url: `/api/slowli/project/${id}` })).statusCode).toBe(200);
    // kept as issued: the project is gone, the note still verifies, the author still decides
    const kept = await as(owner, {
      method: 'DELETE',
      url: `/api/slowli/project/${id}`,
      payload: { notes: 'keep' },
    });
    expect(kept.statusCode).toBe(204);
    expect((await as(owner, { method: 'GET', url: `/api/slowli/project/${id}` })).statusCode).toBe(404);
    const page = await inject({ method: 'GET', url: `/api/verify/${code}` });
    expect(page.json()).toMatchObject({ status: 'issued', code });
    expect(page.body).toContain(email);
    expect(page.json()).not.toHaveProperty('author');
    // the author reading the page is offered its choices
    const read = await as(owner, { method: 'GET', url: `/api/verify/${code}` });
    expect(read.json()).toMatchObject({ author: { api: '/api/slowli', show_client: true } });
    // another visitor may not hide or withdraw it (404, as for an unknown code)
    expect((await patch('', { show_client: false })).statusCode).toBe(404);
    expect((await patch('', { withdrawn: true })).statusCode).toBe(404);
    expect((await patch(owner, { show_client: false })).statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: `/api/verify/${code}` })).body).not.toContain(email);
    expect((await patch(owner, { withdrawn: true })).statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: `/api/verify/${code}` })).json()).toMatchObject({
      status: 'withdrawn',
    });
  });

  it('deleting a project with its notes withdrawn leaves nothing of them public; an admin still decides', async () => {
    const { id } = await calculated();
    const first = (await print(id)).code;
    const second = (await print(id)).code;
    expect(
      (await as(owner, { method: 'PATCH', url: `/api/slowli/note/${first}`, payload: { show_client: true } }))
        .statusCode,
    ).toBe(204);
    // the choice may come in the query string as well as in the body
    const gone = await as(owner, { method: 'DELETE', url: `/api/slowli/project/${id}?notes=withdraw` });
    expect(gone.statusCode).toBe(204);
    for (const code of [first, second]) {
      const v = await inject({ method: 'GET', url: `/api/verify/${code}` });
      expect(v.json()).toMatchObject({ status: 'withdrawn' });
      expect(v.json()).not.toHaveProperty('sections');
    }
    // a project without standing notes is deleted without a word about them
    const plain = await calculated();
    expect((await as(owner, { method: 'DELETE', url: `/api/slowli/project/${plain.id}` })).statusCode).toBe(
      204,
    );
    // an admin may change a deleted project's kept notes too (the same rights as over the project)
    const kept = await calculated();
    const code = (await print(kept.id)).code;
    expect(
      (
        await as(owner, {
          method: 'DELETE',
          url: `/api/slowli/project/${kept.id}`,
          payload: { notes: 'keep' },
        })
      ).statusCode,
    ).toBe(204);
    const withAdmin = (await serverOn(place, { ADMIN_PASSWORD: 'deleted-notes-admin' })).server;
    try {
      const admin = cookiesOf(
        await withAdmin.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { password: 'deleted-notes-admin' },
        }),
      );
      const r = await withAdmin.app.inject({
        method: 'PATCH',
        url: `/api/slowli/note/${code}`,
        payload: { withdrawn: true },
        headers: { cookie: admin },
      });
      expect(r.statusCode).toBe(204);
    } finally {
      await withAdmin.close();
    }
    expect((await inject({ method: 'GET', url: `/api/verify/${code}` })).json()).toMatchObject({
      status: 'withdrawn',
    });
  });

  it('answers 404 to codes that are not issued, whatever their shape', async () => {
    for (const code of ['a'.repeat(26), 'x', '../../etc', 'A'.repeat(64)])
      expect(
        (await inject({ method: 'GET', url: `/api/verify/${encodeURIComponent(code)}` })).statusCode,
      ).toBe(404);
  });

  it('reopens a project by its link in another browser; a renewed link ends the old one', async () => {
    const { id, body } = await calculated();
    const none = await as(owner, { method: 'GET', url: `/api/slowli/project/${id}/link` });
    expect(none.json()).toEqual({ token: null });
    const made = await as(owner, { method: 'POST', url: `/api/slowli/project/${id}/link` });
    expect(made.statusCode).toBe(201);
    const token = made.json<{ token: string }>().token;
    expect((await as(owner, { method: 'GET', url: `/api/slowli/project/${id}/link` })).json()).toEqual({
      token,
    });
    // a second browser: no cookie of the owner's
    expect((await inject({ method: 'GET', url: `/api/slowli/project/${id}` })).statusCode).toBe(404);
    const opened = await inject({ method: 'POST', url: `/api/project_link/${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id, type: 'slowli', calc: 'sl' });
    const second = cookiesOf(opened);
    const got = await as(second, { method: 'GET', url: `/api/slowli/project/${id}` });
    expect(got.statusCode).toBe(200);
    const saved = await as(second, {
      method: 'PUT',
      url: '/api/slowli/project',
      payload: { ...body, id, version: got.json<{ version: number }>().version },
    });
    expect(saved.statusCode).toBe(200);
    // renewed by the owner: the old link and the access it gave are gone, the new link works
    const renewed = await as(owner, { method: 'POST', url: `/api/slowli/project/${id}/link` });
    const fresh = renewed.json<{ token: string }>().token;
    expect(fresh).not.toBe(token);
    expect((await inject({ method: 'POST', url: `/api/project_link/${token}` })).statusCode).toBe(404);
    expect((await as(second, { method: 'GET', url: `/api/slowli/project/${id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/project_link/${fresh}` })).statusCode).toBe(200);
    // the owner keeps the project whatever the link
    expect((await as(owner, { method: 'GET', url: `/api/slowli/project/${id}` })).statusCode).toBe(200);
  });

  it('moves a project as a file to another installation, validated as a save, calculated the same', async () => {
    const { id } = await calculated();
    const file = await as(owner, { method: 'GET', url: `/api/slowli/project/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('attachment');
    const there = await freshPlace(dialect);
    const other = (await serverOn(there)).server;
    try {
      const opened = await other.app.inject({
        method: 'POST',
        url: '/api/slowli/project/file',
        payload: file.body,
        headers: { 'content-type': 'application/json' },
      });
      expect(opened.statusCode).toBe(201);
      const cookie = cookiesOf(opened);
      const newId = opened.json<{ id: string }>().id;
      const a = await as(owner, { method: 'GET', url: `/api/slowli/calculate/${id}` });
      const b = await other.app.inject({
        method: 'GET',
        url: `/api/slowli/calculate/${newId}`,
        headers: { cookie },
      });
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
      // a file whose answers a save would refuse is refused, naming the field
      const bad = JSON.parse(file.body) as { steps: Record<string, unknown> };
      bad.steps.Nope = { forms: [] };
      const refused = await other.app.inject({
        method: 'POST',
        url: '/api/slowli/project/file',
        payload: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: expect.stringContaining('Nope') });
      const notFile = await other.app.inject({
        method: 'POST',
        url: '/api/slowli/project/file',
        payload: { a: 1 },
      });
      expect(notFile.json()).toMatchObject({ field: 'format' });
    } finally {
      await other.close();
      await there.drop();
    }
  });

  it("names a Canadian note's weather station as its reader does, never by the product's id", async () => {
    const canada = (await serverOn(place, { APP_MODE: 'canada' })).server;
    try {
      let cookie = '';
      const made = await canada.app.inject({
        method: 'POST',
        url: '/api/smca/project',
        payload: projectBody('smca') as object,
      });
      cookie = cookiesOf(made, cookie);
      const id = made.json<{ id: string }>().id;
      const at = (o: InjectOptions) => canada.app.inject({ ...o, headers: { ...o.headers, cookie } });
      expect((await at({ method: 'GET', url: `/api/smca/calculate/${id}` })).statusCode).toBe(200);
      const printed = await at({
        method: 'POST',
        url: `/api/smca/pdf_download/${id}?locale=en`,
        payload: emptyNote,
      });
      expect(printed.statusCode).toBe(200);
      const code = String(printed.headers['x-verification-code']);
      const v = (await canada.app.inject({ method: 'GET', url: `/api/verify/${code}?locale=en` })).json<{
        climate: string;
      }>();
      // 'Toronto – Pearson Intl Airport · 1991-2020', not 'toronto · Toronto – Pearson…'
      expect(v.climate).toMatch(/^Toronto – Pearson/);
      expect(v.climate).not.toMatch(/\btoronto\b/);
    } finally {
      await canada.close();
    }
  });
});
