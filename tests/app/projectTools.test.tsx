import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { flushSession } from '../../app/state/sessionWrites';
import { projectBody } from '../server/projects.fixtures';
import { at, create, holdSession } from './appAt';
import { startServer } from './serverFetch';

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ stop } = await startServer());
});
afterAll(async () => stop());
beforeEach(() => {
  flushSession();
  sessionStorage.clear();
});

/**
 * jsdom has no matchMedia: a window whose width the test sets, telling the page's listeners as a browser
 * does when it is resized or turned.
 */
function windowWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ media: string; listeners: Set<() => void> }>();
  const matches = (media: string) => {
    const max = /max-width:\s*(\d+)px/.exec(media);
    return max ? width <= Number(max[1]) : false;
  };
  window.matchMedia = ((media: string) => {
    const list = { media, listeners: new Set<() => void>() };
    lists.add(list);
    return {
      media,
      get matches() {
        return matches(media);
      },
      addEventListener: (_: string, f: () => void) => list.listeners.add(f),
      removeEventListener: (_: string, f: () => void) => list.listeners.delete(f),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return (to: number) => {
    width = to;
    for (const l of lists) for (const f of l.listeners) f();
  };
}
const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

it('keeps the project tools open, their notes read, when the window crosses the phone width', async () => {
  const resize = windowWidth(1366);
  const id = await create('slowli', projectBody('sl'));
  holdSession('sl', 3, id);
  await at(`/sl/calculator?id=${id}`);
  const summary = await screen.findByText('Retrouver ce projet ailleurs');
  fireEvent.click(summary);
  // jsdom toggles <details> on a click of its summary and fires "toggle", as a browser does
  const panel = summary.closest('details')!;
  await waitFor(() => expect(panel.open).toBe(true));
  await screen.findByText(/Aucune note n'a encore été imprimée/);
  // narrower than 768 px: the page folds its tools under one line, drawing the panel anew
  act(() => resize(390));
  await waitFor(() => expect(screen.getByText('Lien et fichier du projet')).toBeInTheDocument());
  const again = screen.getByText('Retrouver ce projet ailleurs').closest('details')!;
  expect(again).not.toBe(panel);
  expect(again.open).toBe(true);
  expect(await screen.findByText(/Aucune note n'a encore été imprimée/)).toBeInTheDocument();
});
