import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../engine';
import { useWizard } from '../../app/state/useWizard';
import { flushSession } from '../../app/state/sessionWrites';

const sm = loadBundle(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/sm/bundle.json'), 'utf8')),
);
const valid = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../schemas/sm/fixtures/base/valid.json'), 'utf8'),
) as Record<string, unknown>;

describe('useWizard', () => {
  beforeEach(() => {
    flushSession();
    sessionStorage.clear();
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={createStore()}>{children}</Provider>
  );

  it('keeps its editing actions from render to render (unchanged cards are not drawn again)', () => {
    const { result } = renderHook(() => useWizard(sm), { wrapper });
    const first = result.current;
    act(() => result.current.load(valid, {}));
    act(() => result.current.edit({ path: 'roofs.0.name', value: 'Terrasse' }));
    expect((result.current.state.data.roofs as unknown[])[0]).toMatchObject({ name: 'Terrasse' });
    for (const k of ['edit', 'add', 'duplicate', 'remove', 'gate'] as const)
      expect(result.current[k]).toBe(first[k]);
  });

  it('applies two edits made before the next render, the second on top of the first', () => {
    const { result } = renderHook(() => useWizard(sm), { wrapper });
    act(() => result.current.load(valid, {}));
    act(() => {
      result.current.edit({ path: 'roofs.0.name', value: 'Terrasse' });
      result.current.edit({ path: 'roofs.0.surface', value: '321' });
    });
    expect((result.current.state.data.roofs as unknown[])[0]).toMatchObject({
      name: 'Terrasse',
      surface: 321,
    });
  });

  it('knows when the form holds answers the stored project does not (issue 27 item 1)', () => {
    const { result } = renderHook(() => useWizard(sm), { wrapper });
    act(() => result.current.load(valid, { project_id: 'p1', version: 1 }));
    expect(result.current.unsaved()).toBe(false);
    act(() => result.current.edit({ path: 'project.address', value: '14 avenue Daumesnil' }));
    expect(result.current.unsaved()).toBe(true);
    // the same answer typed back: nothing to save
    act(() => result.current.edit({ path: 'project.address', value: '3 rue de Belleville' }));
    expect(result.current.unsaved()).toBe(false);
  });

  describe('keystrokes (type)', () => {
    const roof = (w: { state: { data: Record<string, unknown> } }) =>
      (w.state.data.roofs as Record<string, unknown>[])[0]!;

    it('applies a keystroke after the frame is painted, the latest per field, the others in order', async () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.load(valid, {}));
      const name = roof(result.current).name;
      act(() => {
        result.current.type({ path: 'roofs.0.name', value: 'T' });
        result.current.type({ path: 'roofs.0.surface', value: '32' });
        result.current.type({ path: 'roofs.0.name', value: 'Te' });
      });
      // the key's own frame: the engine has not moved yet
      expect(roof(result.current).name).toBe(name);
      await waitFor(() => expect(roof(result.current)).toMatchObject({ name: 'Te', surface: 32 }));
    });

    it('applies the waiting keystrokes before any other action reads the answers', () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.load(valid, {}));
      act(() => {
        result.current.type({ path: 'roofs.0.name', value: '' });
      });
      // Next at once (a click right after the last key): it sees the name emptied, and refuses the step
      const roofsStep = sm.steps.findIndex((s) => s.key === 'Toiture');
      act(() => result.current.jump(roofsStep));
      let moved: ReturnType<typeof result.current.next> | undefined;
      act(() => {
        moved = result.current.next();
      });
      expect(moved!.current).toBe(roofsStep);
      expect(roof(result.current).name).toBe('');
      // and an edit made meanwhile goes on top of the keystroke, not under it
      act(() => {
        result.current.type({ path: 'roofs.0.name', value: 'Nord' });
        result.current.edit({ path: 'roofs.0.surface', value: '45' });
      });
      expect(roof(result.current)).toMatchObject({ name: 'Nord', surface: 45 });
    });

    it('keeps a keystroke made just before the page is left', () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.load(valid, {}));
      act(() => result.current.type({ path: 'roofs.0.name', value: 'Dernière lettre' }));
      window.dispatchEvent(new Event('pagehide'));
      const stored = JSON.parse(sessionStorage.getItem(sm.storage.form)!) as Record<string, unknown>;
      expect((stored.roofs as Record<string, unknown>[])[0]!.name).toBe('Dernière lettre');
    });

    it('drops the keystrokes of a form replaced by a loaded project', async () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.type({ path: 'project.name', value: 'Brouillon' }));
      act(() => result.current.load(valid, {}));
      // a later keystroke, applied after the dropped one would have been: once it is in, the first had its turn
      act(() => result.current.type({ path: 'roofs.0.name', value: 'Marqueur' }));
      await waitFor(() =>
        expect((result.current.state.data.roofs as Record<string, unknown>[])[0]!.name).toBe('Marqueur'),
      );
      expect(result.current.state.data).toMatchObject({ project: (valid as { project: object }).project });
    });
  });
});
