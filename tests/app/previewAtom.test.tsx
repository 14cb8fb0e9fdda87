import { act, render, renderHook, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { derive, emptyData, loadBundle, type PreviewValues } from '../../engine';
import { PreviewCard, PreviewPanel } from '../../app/components/PreviewFigures';
import { previewAtom, usePreview } from '../../app/state/usePreview';

const read = (...p: string[]) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas', ...p), 'utf8')) as Record<
    string,
    unknown
  >;
const sm = loadBundle(read('sm', 'bundle.json'));
const sl = loadBundle(read('sl', 'bundle.json'));
const t = (key: string) => key;
const values = (shares: number[]): PreviewValues => ({
  site: [0.5, 1],
  cards: shares.map((s) => [s, 1]),
});

describe('the live preview as a jotai atom (issue 41 item 5)', () => {
  it('is one atom per calculator', () => {
    expect(previewAtom(sm)).toBe(previewAtom(sm));
    expect(previewAtom(sl)).not.toBe(previewAtom(sm));
    expect(createStore().get(previewAtom(sm))).toEqual({ state: 'computing', values: null });
  });

  it('redraws a card when its figures change, not when the same figures are being computed again', () => {
    const store = createStore();
    const preview = previewAtom(sm);
    let draws = 0;
    const wrap = (children: ReactNode) => (
      <Provider store={store}>
        <Profiler id="card" onRender={() => (draws += 1)}>
          {children}
        </Profiler>
      </Provider>
    );
    render(
      wrap(
        <>
          <PreviewPanel preview={preview} bundle={sm} system="METRIC" t={t} lang="fr" />
          <PreviewCard preview={preview} bundle={sm} system="METRIC" index={1} t={t} lang="fr" />
        </>,
      ),
    );
    expect(screen.queryByText('app.preview.roof')).toBeNull(); // nothing yet
    const ready = values([10, 25]);
    act(() => store.set(preview, { state: 'ready', values: ready }));
    expect(screen.getByText('app.preview.roof').nextSibling?.textContent).toMatch(/25/);
    const drawn = draws;
    // a new request on its way keeps the figures shown: the panel says so, the card is left alone
    act(() => store.set(preview, { state: 'computing', values: ready }));
    expect(screen.getByRole('status').textContent).toBe('app.preview.computing');
    expect(draws).toBe(drawn + 1); // the panel alone
    act(() => store.set(preview, { state: 'ready', values: values([10, 75]) }));
    expect(screen.getByText('app.preview.roof').nextSibling?.textContent).toMatch(/75/);
    store.set(preview, { state: 'computing', values: null });
  });

  it('is back to nothing yet when the wizard asking for it goes: another project never shows its figures', () => {
    const store = createStore();
    const calculator = { bundle: sm, messages: {} as never, api: '/api/sm' };
    const state = derive(sm, emptyData(sm));
    const { result, unmount } = renderHook(
      // waiting (a stored project being opened): nothing is asked
      () => usePreview(calculator, state, [], true, true),
      { wrapper: ({ children }) => <Provider store={store}>{children}</Provider> },
    );
    expect(result.current).toBe(previewAtom(sm));
    act(() => store.set(previewAtom(sm), { state: 'ready', values: values([0.3]) }));
    unmount();
    expect(store.get(previewAtom(sm))).toEqual({ state: 'computing', values: null });
  });
});
