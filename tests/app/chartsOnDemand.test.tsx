import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { onDemand } from '../../app/results/onDemand';

/** A module whose download the test finishes: resolve() hands it over. */
function pendingModule() {
  let resolve!: () => void;
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<{ Page: () => React.JSX.Element }>((ok) => {
      resolve = () => ok({ Page: () => <h1>La page</h1> });
    });
  };
  return { load, finish: () => resolve(), loads: () => loads };
}

const drawn = (Component: React.ComponentType) =>
  render(
    <Suspense fallback={<p>Chargement</p>}>
      <Component />
    </Suspense>,
  );

describe('onDemand', () => {
  it('draws a page fetched ahead at once, with no placeholder in between', async () => {
    const m = pendingModule();
    const page = onDemand(m.load, (x) => x.Page);
    const ahead = page.preload();
    m.finish();
    await ahead;
    drawn(page.Component);
    // the first render already holds the page: React was not left waiting on the import
    expect(screen.getByRole('heading', { name: 'La page' })).toBeTruthy();
    expect(screen.queryByText('Chargement')).toBeNull();
    expect(m.loads()).toBe(1);
  });

  it('shows the placeholder while a page not fetched ahead downloads, and fetches it once', async () => {
    const m = pendingModule();
    const page = onDemand(m.load, (x) => x.Page);
    drawn(page.Component);
    expect(screen.getByText('Chargement')).toBeTruthy();
    void page.preload();
    await act(async () => m.finish());
    expect(await screen.findByRole('heading', { name: 'La page' })).toBeTruthy();
    expect(m.loads()).toBe(1);
  });

  it('tries again after a failed download', async () => {
    let calls = 0;
    const page = onDemand(
      () =>
        calls++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve({ Page: () => <p>ok</p> }),
      (x) => x.Page,
    );
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toBeTruthy();
    expect(calls).toBe(2);
  });
});
