import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../engine';
import { flushSession } from '../../app/state/sessionWrites';
import { emptySession, wizardAtoms } from '../../app/state/wizardAtoms';

const smca = loadBundle(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/smca/bundle.json'), 'utf8')),
);

describe('wizardAtoms', () => {
  beforeEach(() => sessionStorage.clear());
  it('keeps the smca form and session in sessionStorage under smca_form and smca_data, once idle', async () => {
    const atoms = wizardAtoms(smca);
    const store = createStore();
    store.set(atoms.form, { ...store.get(atoms.form), unit_system: 'IMPERIAL' });
    store.set(atoms.session, { ...emptySession(smca), project_id: 'abc', statuses: [1, 2, 0, 0, 0] });
    // the keystroke does not wait for the write; a new store reads what waits
    expect(sessionStorage.getItem('smca_form')).toBeNull();
    expect(createStore().get(atoms.form)).toMatchObject({ unit_system: 'IMPERIAL' });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('smca_form')!).unit_system).toBe('IMPERIAL'),
    );
    expect(JSON.parse(sessionStorage.getItem('smca_data')!)).toMatchObject({
      project_id: 'abc',
      statuses: [1, 2, 0, 0, 0],
    });
  });
  it('writes everything waiting when the page is left', () => {
    const atoms = wizardAtoms(smca);
    const store = createStore();
    store.set(atoms.session, { ...emptySession(smca), project_id: 'left' });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('smca_data')!).project_id).toBe('left');
    flushSession();
  });
  it('starts a new session with every status 0, no project and the first unit system', () => {
    expect(emptySession(smca)).toEqual({
      project_id: null,
      version: null,
      results: null,
      statuses: [0, 0, 0, 0, 0],
      unit_system: 'METRIC',
    });
  });
});
