/**
 * The wizard as a jotai store (app/state/wizardAtoms.ts): every action is a write atom calling the engine,
 * driven here with createStore() alone (no React); the save goes to the real server (serverFetch).
 */
import { createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../engine';
import { flushSession } from '../../app/state/sessionWrites';
import { unsavedIn, wizardAtoms } from '../../app/state/wizardAtoms';
import type { Server } from '../../server/app';
import { startServer } from './serverFetch';

const sm = loadBundle(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/sm/bundle.json'), 'utf8')),
);
const valid = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../schemas/sm/fixtures/base/valid.json'), 'utf8'),
) as Record<string, unknown>;
const a = wizardAtoms(sm);
const roofs = (store: ReturnType<typeof createStore>) =>
  store.get(a.state).data.roofs as Record<string, unknown>[];

let server: Server;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startServer());
});
afterAll(async () => stop());
beforeEach(() => {
  flushSession();
  sessionStorage.clear();
});

describe('the wizard store', () => {
  it('edits, adds, duplicates and removes cards through the engine, the form kept beside the state', () => {
    const store = createStore();
    store.set(a.load, valid, {});
    store.set(a.edit, { path: 'roofs.0.name', value: 'Terrasse' });
    expect(roofs(store)[0]).toMatchObject({ name: 'Terrasse' });
    const before = roofs(store).length;
    store.set(a.add, 'Toiture');
    expect(roofs(store)).toHaveLength(before + 1);
    store.set(a.duplicate, 'Toiture', 0, (name) => `${name} (copie)`);
    const copy = roofs(store).findIndex((r) => r.name === 'Terrasse (copie)');
    expect(copy).toBeGreaterThan(0);
    expect(roofs(store)).toHaveLength(before + 2);
    store.set(a.remove, 'Toiture', copy);
    expect(roofs(store).some((r) => r.name === 'Terrasse (copie)')).toBe(false);
    expect(roofs(store)).toHaveLength(before + 1);
    // the persisted form is the state's data
    expect(store.get(a.form)).toBe(store.get(a.state).data);
  });

  it('moves with Next only past a valid step, and records its status', () => {
    const store = createStore();
    store.set(a.reset);
    expect(store.get(a.current)).toBe(0);
    const refused = store.set(a.next);
    expect(refused.current).toBe(0);
    expect(store.get(a.session).statuses[0]).toBeGreaterThanOrEqual(2);
    store.set(a.load, valid, {});
    store.set(a.current, 0);
    const moved = store.set(a.next);
    expect(moved.current).toBe(1);
    expect(store.get(a.current)).toBe(1);
    expect(store.get(a.session).statuses[0]).toBe(1);
  });

  it('applies an edit at once, the next on top of it', () => {
    const store = createStore();
    store.set(a.load, valid, {});
    store.set(a.edit, { path: 'roofs.0.name', value: 'No' });
    expect(roofs(store)[0]!.name).toBe('No');
    store.set(a.edit, { path: 'roofs.0.name', value: 'Nord' });
    store.set(a.edit, { path: 'roofs.0.surface', value: '45' });
    expect(roofs(store)[0]).toMatchObject({ name: 'Nord', surface: 45 });
  });

  it('saves to the server, then knows when the form differs from the stored project', async () => {
    const store = createStore();
    store.set(a.load, valid, {});
    const saved = await store.set(a.save, undefined);
    expect(saved.ok).toBe(true);
    const session = store.get(a.session);
    expect(session.project_id).toBeTruthy();
    expect(session.version).toBe(1);
    const stored = await server.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', session.project_id!)
      .executeTakeFirst();
    expect(stored).toBeTruthy();
    expect(unsavedIn(store.get(a.form), store.get(a.session))).toBe(false);
    store.set(a.edit, { path: 'project.address', value: '14 avenue Daumesnil' });
    expect(unsavedIn(store.get(a.form), store.get(a.session))).toBe(true);
    // saved again: a PUT with its version
    expect((await store.set(a.save, undefined)).ok).toBe(true);
    expect(store.get(a.session).version).toBe(2);
    expect(unsavedIn(store.get(a.form), store.get(a.session))).toBe(false);
  });
});
