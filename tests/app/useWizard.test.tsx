import { act, renderHook } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../engine';
import { useWizard } from '../../app/state/useWizard';
import { flushSession } from '../../app/state/wizardAtoms';

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
});
