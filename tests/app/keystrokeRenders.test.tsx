import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flushSession } from '../../app/state/sessionWrites';
import { BUNDLES } from '../../renderers/stories/bundles';
import { listen, type Drawn } from '../reactCommits';
import { projectBody } from '../server/projects.fixtures';
import { at, create } from './appAt';
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

const { valid } = BUNDLES.sm!;

/**
 * The sm wizard on its roof step with three roofs (valid answers otherwise), once settled: its first
 * effects done and the live preview's first figures in. Answers the three cards.
 */
async function openThreeRoofs(): Promise<HTMLElement[]> {
  const roofs = (valid.roofs as Record<string, unknown>[]).slice(0, 1);
  const three = [0, 1, 2].map((i) => ({ ...roofs[0], name: `Toiture ${i + 1}` }));
  sessionStorage.setItem('sm_form', JSON.stringify({ ...valid, roofs: three }));
  sessionStorage.setItem(
    'sm_data',
    JSON.stringify({
      project_id: null,
      version: null,
      results: null,
      statuses: [1, 1, 0, 0, 0],
      unit_system: 'METRIC',
    }),
  );
  await at('/sm/calculator/3');
  const cards = await waitFor(() => {
    const found = document.querySelectorAll<HTMLElement>('.carousel-cards > li.card:not(.card-add)');
    expect(found).toHaveLength(3);
    return [...found];
  });
  // the page settled: its first effects done and the live preview's first figures in
  await waitFor(() =>
    expect(document.querySelector('section.preview')).toHaveAttribute('data-state', 'ready'),
  );
  return cards;
}

/**
 * A keystroke as the browser delivers it: its input event dispatched in a task of its own, outside the
 * act() of testing-library's fireEvent, which would run every render React schedules for later (the
 * deferred ones included) before it returns.
 */
function typeAsTheBrowserDoes(input: HTMLInputElement, value: string) {
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
  const was = g.IS_REACT_ACT_ENVIRONMENT;
  g.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  } finally {
    g.IS_REACT_ACT_ENVIRONMENT = was;
  }
}

describe('a keystroke in the wizard (issue 40)', () => {
  it('redraws the card typed into alone: not the page, its step, the carousel, the footer or the other cards', async () => {
    const cards = await openThreeRoofs();
    const name = within(cards[1]!).getByDisplayValue('Toiture 2');
    const drawn: Drawn[] = [];
    const stopListening = listen((d) => drawn.push(...d));
    fireEvent.change(name, { target: { value: 'Toiture 2b' } });
    // the key's whole effect, in the key's own task: the card's heading follows its name
    expect(within(cards[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Toiture 2b');
    // the engine has applied it (it is then written to the session)
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('sm_form') ?? '{}').roofs[1].name).toBe('Toiture 2b'),
    );
    stopListening();
    const names = new Set(drawn.map((d) => d.name));
    expect(names).toContain('CardForm');
    for (const page of [
      'CalculatorPage',
      'CalculatorHead',
      'Timeline',
      'WizardFooter',
      'ProjectNotice',
      'WizardStep',
      'StepView',
      'Carousel',
      'CarouselPages',
    ])
      expect(names, page).not.toContain(page);
    const forms = new Set(drawn.filter((d) => d.name === 'CardForm').map((d) => d.props.idPrefix));
    expect([...forms]).toEqual(['Toiture-1']);
    // rjsf's Form drawn once, by its own change: the engine's answer agrees with it
    expect(drawn.filter((d) => d.name === 'Form')).toHaveLength(1);
    // in that card, the field typed into (and the card around it), not the card's other fields
    const fields = new Set(drawn.filter((d) => d.name === 'FieldTemplate').map((d) => d.props.id));
    expect([...fields].sort()).toEqual(['Toiture-1', 'Toiture-1_name']);
    expect(screen.getByDisplayValue('Toiture 2b')).toBeInTheDocument();
  });

  it("leaves the preview's work to a later task than the one drawing the key's effect", async () => {
    const cards = await openThreeRoofs();
    const surface = cards[1]!.querySelector<HTMLInputElement>('input[id$="_surface"]')!;
    // a roof without its surface: the preview, once it looks, waits for the roof step to be filled
    const preview = () => document.querySelector('section.preview')?.getAttribute('data-state');
    let inKeysTask: string | null | undefined;
    const stopListening = listen((d) => {
      const applied = d.some((x) => x.name === 'CardForm' && x.props.idPrefix === 'Toiture-1');
      // what the preview says once the task drawing the edit (and whatever it ran at once) is done
      if (applied && inKeysTask === undefined) queueMicrotask(() => (inKeysTask = preview()));
    });
    typeAsTheBrowserDoes(surface, '');
    await waitFor(() => expect(preview()).toBe('waiting'));
    stopListening();
    expect(inKeysTask).toBe('ready');
  });
});

describe('a stored project opened by its address (issue 40)', () => {
  it("draws the step's forms once, with the project's answers: never empty, then again in the same task", async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    // each commit drawing a card's form, and the project's name on screen at that commit
    const commits: { forms: number; name: string | undefined }[] = [];
    const stopListening = listen((drawn: Drawn[]) => {
      const forms = drawn.filter((d) => d.name === 'CardForm').length;
      if (forms)
        commits.push({ forms, name: document.querySelector<HTMLInputElement>('#Client_name')?.value });
    });
    await at(`/sm/calculator/1?id=${id}`);
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('#Client_name')).toHaveValue('Jeanne Martin'),
    );
    stopListening();
    expect(commits).toEqual([{ forms: 1, name: 'Jeanne Martin' }]);
  });

  // A project's link and the history open /:calc/calculator?id= without a step; the router's navigation
  // that writes the step in the address held the step's first drawing back until it was done (the first
  // field 190 ms later in a Chromium load): the step is drawn first, the address follows.
  it('draws the step of an address without one before the address gets it', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    const paths: string[] = [];
    // the router's address at each commit drawing a card's form (the router exists once at() answers)
    const where = { path: () => '' };
    const stopListening = listen((drawn: Drawn[]) => {
      if (drawn.some((d) => d.name === 'CardForm')) paths.push(where.path());
    });
    const { router } = await at(`/sm/calculator?id=${id}`);
    where.path = () => router.state.location.pathname;
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/sm\/calculator\/\d$/));
    await waitFor(() => expect(paths.length).toBeGreaterThan(0));
    stopListening();
    expect(paths[0]).toMatch(/\/sm\/calculator$/);
  });
});
