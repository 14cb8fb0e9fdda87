import { act, renderHook } from '@testing-library/react';
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

  describe('keystrokes', () => {
    const roof = (w: { state: { data: Record<string, unknown> } }) =>
      (w.state.data.roofs as Record<string, unknown>[])[0]!;

    it("applies a keystroke in the key's own task, so that Next right after it sees it", () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.load(valid, {}));
      const roofsStep = sm.steps.findIndex((s) => s.key === 'Toiture');
      act(() => result.current.jump(roofsStep));
      let moved: ReturnType<typeof result.current.next> | undefined;
      act(() => {
        result.current.edit({ path: 'roofs.0.name', value: '' });
        moved = result.current.next();
      });
      // Next sees the name emptied, and refuses the step
      expect(moved!.current).toBe(roofsStep);
      expect(roof(result.current).name).toBe('');
    });

    it('keeps a keystroke made just before the page is left', () => {
      const { result } = renderHook(() => useWizard(sm), { wrapper });
      act(() => result.current.load(valid, {}));
      act(() => result.current.edit({ path: 'roofs.0.name', value: 'Dernière lettre' }));
      window.dispatchEvent(new Event('pagehide'));
      const stored = JSON.parse(sessionStorage.getItem(sm.storage.form)!) as Record<string, unknown>;
      expect((stored.roofs as Record<string, unknown>[])[0]!.name).toBe('Dernière lettre');
    });
  });
});
