import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSession } from '../../app/state/sessionWrites';
import { projectBody } from '../server/projects.fixtures';
import { at, create, holdSession } from './appAt';
import { startServer } from './serverFetch';

let stop: () => Promise<void>;
let serverFetch: typeof fetch;

beforeAll(async () => {
  ({ stop } = await startServer());
  serverFetch = globalThis.fetch;
});
afterAll(async () => stop());
beforeEach(() => {
  flushSession();
  sessionStorage.clear();
});
afterEach(() => {
  globalThis.fetch = serverFetch;
  vi.restoreAllMocks();
});

/**
 * The page's requests to URLs matching `match`, each with the signal it was given; each waits for
 * `gate` (when given) before it is answered by the real server, so that a test can leave the page while
 * it is on its way.
 */
function watch(match: RegExp, gate?: Promise<void>) {
  const seen: { url: string; signal: AbortSignal | undefined; answered: Promise<unknown> }[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!match.test(url)) return serverFetch(input, init);
    const answer = (gate ?? Promise.resolve()).then(() => serverFetch(input, init));
    seen.push({ url, signal: init?.signal ?? undefined, answered: answer.catch(() => null) });
    return answer;
  }) as typeof fetch;
  return seen;
}

describe('page loaders', () => {
  it('cancels the history request of a page left before its rows came: nothing shown, nothing logged', async () => {
    await create(
      'skywater_manager',
      projectBody('sm', (d) => {
        (d.project as Record<string, unknown>).name = 'Parti trop tôt';
      }),
    );
    let release!: () => void;
    const seen = watch(
      /\/project\/search\//,
      new Promise<void>((r) => {
        release = r;
      }),
    );
    const logged = vi.spyOn(console, 'error');
    const { router } = await at('/sm/history');
    await waitFor(() => expect(seen).toHaveLength(1));
    await router.navigate('/sm');
    expect(
      await screen.findByRole('heading', { name: 'Abattement des eaux pluviales', level: 1 }),
    ).toBeVisible();
    expect(seen[0]!.signal?.aborted).toBe(true);
    release();
    await seen[0]!.answered;
    // the router settled on the home page, whatever the loader made of the late answer
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(screen.queryByRole('heading', { name: 'Historique des projets', level: 1 })).toBeNull();
    expect(screen.queryByText('Parti trop tôt')).toBeNull();
    expect(router.state.location.pathname).toBe('/client/sm');
    expect(logged).not.toHaveBeenCalled();
  });

  it("says in the user's words that the history could not be loaded when the server cannot be reached", async () => {
    const real = serverFetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (/\/project\/search\//.test(String(input))) throw new TypeError('Failed to fetch');
      return real(input, init);
    }) as typeof fetch;
    await at('/sm/history');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Cette page n'a pas pu être chargée/);
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Historique des projets', level: 1 })).toBeNull();
  });

  it('sends the note without results to the results page before asking for its draft', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    holdSession('sm', 5, id);
    const drafts = watch(/\/note_draft\//);
    const { router } = await at('/sm/note');
    expect(await screen.findByRole('heading', { name: 'Résultats', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/client/sm/results');
    expect(drafts).toEqual([]);
  });

  it("gives the results' address the wizard's project, without asking the server for it again", async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    holdSession('sm', 5, id);
    const reads = watch(/\/api\/skywater_manager\/project\/[\w-]+$/);
    const { router } = await at('/sm/results');
    expect(await screen.findByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/client/sm/results');
    expect(router.state.location.search).toBe(`?id=${id}`);
    expect(reads).toEqual([]);
  });

  it('opens the project a results address names, without a session: read, opened in the wizard, shown', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    await at(`/sm/results?id=${id}`);
    expect(await screen.findByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    expect(screen.queryByText(/aucun projet n'est ouvert/)).toBeNull();
    flushSession();
    expect(JSON.parse(sessionStorage.getItem('sm_data')!)).toMatchObject({ project_id: id });
    // its answers in the wizard: back to the data shows them, not an empty form
    expect(JSON.parse(sessionStorage.getItem('sm_form')!)).toMatchObject({
      client: { name: 'Jeanne Martin' },
    });
  });

  it("keeps the page the user came from when the results' address is given its project: Back goes to it", async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    holdSession('sm', 5, id);
    const { router } = await at('/sm/history');
    expect(await screen.findByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
    await router.navigate('/sm/results');
    expect(await screen.findByRole('heading', { name: 'Synthèse annuelle' })).toBeVisible();
    expect(router.state.location.search).toBe(`?id=${id}`);
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/sm/history'));
  });

  it('opens the project a note address names, without a session, with the results it holds', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    // calculated once (the server keeps the results with the project), then opened in a new tab
    expect((await fetch(`/api/skywater_manager/calculate/${id}`)).status).toBe(200);
    const { router } = await at(`/sm/note?id=${id}`);
    expect(await screen.findByText('1. Client')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/sm/note');
    expect(screen.getByText('Jeanne Martin')).toBeInTheDocument();
    flushSession();
    expect(JSON.parse(sessionStorage.getItem('sm_data')!)).toMatchObject({ project_id: id });
  });

  it('sends a note address naming a project this browser cannot read to the results, which say so', async () => {
    await at('/sm/note?id=AAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Aucun projet ne répond à cette adresse/);
  });

  it("says that a results address names a project this browser cannot read, the wizard's own left as it was", async () => {
    const mine = await create('skywater_manager', projectBody('sm'));
    holdSession('sm', 5, mine);
    await at('/sm/results?id=AAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Aucun projet ne répond à cette adresse/);
    expect(screen.getByRole('heading', { name: 'Résultats', level: 1 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retour au calculateur' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Synthèse annuelle' })).toBeNull();
    flushSession();
    expect(JSON.parse(sessionStorage.getItem('sm_data')!)).toMatchObject({ project_id: mine });
  });

  it('sends the review of a project that cannot be calculated to the wizard before the page is drawn', async () => {
    const { router } = await at('/sm/review');
    // every address the router shows a page at (a page that redirected as it was drawn was shown first)
    const shown: string[] = [];
    router.subscribe((s) => {
      if (s.initialized) shown.push(s.location.pathname);
    });
    expect(await screen.findByRole('button', { name: 'Suivant' })).toBeVisible();
    expect(router.state.location.pathname).toMatch(/^\/client\/sm\/calculator/);
    expect(shown).not.toContain('/client/sm/review');
    expect(screen.queryByRole('heading', { name: 'Vérifiez vos réponses' })).toBeNull();
  });

  it('opens the review of a saved project that can be calculated', async () => {
    const id = await create('skywater_manager', projectBody('sm'));
    holdSession('sm', 5, id);
    const data = (await import('../../schemas/sm/fixtures/base/valid.json')).default;
    sessionStorage.setItem('sm_form', JSON.stringify(data));
    const { router } = await at('/sm/review');
    expect(await screen.findByRole('heading', { name: 'Vérifiez vos réponses', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/client/sm/review');
  });

  it('reads the history query from the address: page, order and search', async () => {
    for (const name of ['Zénith', 'Alpha'])
      await create(
        'skywater_manager',
        projectBody('sm', (d) => {
          (d.project as Record<string, unknown>).name = name;
        }),
      );
    const seen = watch(/\/project\/search\//);
    await at('/sm/history?sort=name&order=ASC&q=a');
    const rows = await screen.findAllByRole('row');
    expect(seen[0]!.url).toBe('/api/skywater_manager/project/search/1/a?sort=name&order=ASC');
    expect(rows[1]).toHaveTextContent('Alpha');
    expect(screen.getByRole('searchbox')).toHaveValue('a');
    expect(screen.getByRole('columnheader', { name: /Chantier/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says in French, to screen readers too, that the first page and the next one are on their way', async () => {
    let release!: () => void;
    const seen = watch(
      /\/project\/search\//,
      new Promise<void>((r) => {
        release = r;
      }),
    );
    const { router } = await at('/sm/history');
    // the first page: the router's fallback
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de la page…');
    release();
    expect(await screen.findByRole('heading', { name: 'Historique des projets', level: 1 })).toBeVisible();
    // the next page: the rows asked again (held), the history still shown, the status says it loads
    let again!: () => void;
    const next = watch(
      /\/project\/search\//,
      new Promise<void>((r) => {
        again = r;
      }),
    );
    const pending = router.navigate('/sm/history?q=b');
    await waitFor(() => expect(next).toHaveLength(1));
    // the rows shown stay, marked busy (React draws the navigation's state in its own time: waited for)
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Historique des projets' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    const status = screen.getAllByRole('status').find((s) => s.classList.contains('route-pending'))!;
    await waitFor(() => expect(status).toHaveTextContent('Chargement de la page…'));
    again();
    await pending;
    await waitFor(() => expect(status).toHaveTextContent(/^$/));
    expect(screen.getByRole('searchbox')).toHaveValue('b');
    expect(screen.queryByText('…')).toBeNull();
  });

  it("opens a project by its link from the route's loader, and says in the browser's language (jsdom's: English) when the link is dead", async () => {
    const id = await create('slowli', projectBody('sl'));
    const made = await fetch(`/api/slowli/project/${id}/link`, { method: 'POST' });
    const { token } = (await made.json()) as { token: string };
    const { router } = await at(`/open/${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/sl/calculator'));
    // the project opened in the wizard, kept in its session
    await waitFor(() => {
      flushSession();
      expect(JSON.parse(sessionStorage.getItem('sl_data') ?? '{}')).toMatchObject({ project_id: id });
    });
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe(id);
    // the link's own page was replaced: Back does not open it again
    expect(router.state.historyAction).toBe('REPLACE');
    const dead = await at('/open/AAAAAAAAAAAAAAAAAAAAAA');
    expect(await within(dead.container).findByRole('alert')).toHaveTextContent(
      'This link leads to no project: its author may have renewed it.',
    );
  });
});
