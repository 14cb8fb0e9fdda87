import { useState } from 'react';
import {
  useHref,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router-dom';
import { evaluate, truthy, type HistoryAction } from '../../engine';
import type { HistoryItem } from '../api/projects';
import { apiErrorText, http } from '../api/http';
import { apiPath } from '../calculators';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useFrame } from '../frame';
import { historyQuery, historySearch, type HistoryLoad, type HistoryQuery } from '../pageLoaders';
import { HistoryTable } from './history/HistoryTable';
import { Pagination } from './history/Pagination';
import { PromptDialog } from './history/PromptDialog';
import { rowFacts, without, type RowPick } from './history/rows';

export { pageWindow } from './history/rows';

/**
 * The project history of a calculator: search, sortable columns, pages, row menus (seed 000 and 001 §2).
 * The rows come with the route (app/loaders.ts historyLoader); the search, the page and the order live in
 * the address, so that a change of them is a navigation whose loader cancels the one before it.
 */
export function HistoryPage() {
  const { calc, calculator, t, admin, config } = useFrame();
  const data = useLoaderData() as HistoryLoad;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  // the search as typed: the address (and the rows) follow it
  const [text, setText] = useState(data.q.query);
  // …and the search box follows an address changed otherwise (Back, Forward, a link)
  const [landed, setLanded] = useState(data.q.query);
  if (landed !== data.q.query) {
    setLanded(data.q.query);
    setText(data.q.query);
  }
  // projects removed by a row action, hidden at once until the rows are read again
  const [removed, setRemoved] = useState<{ of: HistoryLoad; ids: ReadonlySet<string> }>({
    of: data,
    ids: new Set(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<(RowPick & { choose: boolean }) | null>(null);
  const [prompting, setPrompting] = useState<RowPick | null>(null);

  // (the router's own locations hold the basename: this page's address as it names it)
  const here = useHref(location.pathname);
  const busy = navigation.state === 'loading' && navigation.location.pathname === here;
  // the query asked for: a click while the last one is on its way builds on it
  const q = busy ? historyQuery(calculator.bundle, new URLSearchParams(navigation.location.search)) : data.q;
  const go = (change: Partial<HistoryQuery>) =>
    setSearchParams(historySearch({ ...q, query: text, ...change }), {
      replace: true,
      preventScrollReset: true,
    });
  const rows = without(data.rows, removed.of === data ? removed.ids : new Set());

  /** Runs an action's request (with the prompted value or the chosen option), then its follow-up. */
  const run = async (
    p: HistoryItem,
    a: HistoryAction,
    value?: string,
    chosen?: string,
    picked?: RowPick,
  ): Promise<boolean> => {
    setFailure(null);
    if (a.open) {
      void navigate(`/${calc}/${a.open}?id=${encodeURIComponent(p.id)}`);
      return true;
    }
    const hidden = removed.of === data ? removed.ids : new Set<string>();
    if (a.remove) setRemoved({ of: data, ids: new Set([...hidden, p.id]) });
    if (a.request) {
      const body =
        a.prompt && value !== undefined
          ? { [a.prompt.field]: value }
          : a.choose && chosen !== undefined
            ? { [a.choose.field]: chosen }
            : undefined;
      const r = await http<unknown>(a.request.method, apiPath(calculator, a.request.path, p.id), body);
      if (r.error?.status === 400 && a.choose && r.error.field === a.choose.field && picked) {
        // the server needs the choice the row's facts did not foresee: asked now, the row kept meanwhile
        setRemoved({ of: data, ids: hidden });
        setConfirming({ ...picked, choose: true });
        return false;
      }
      if (r.error) {
        setFailure(apiErrorText(r.error, t));
        void revalidator.revalidate();
        return false;
      }
    }
    // a removed group head hands its group on: the list is read again to show the new head
    if (!a.remove || p.variants?.length) void revalidator.revalidate();
    if (a.then) window.location.assign(apiPath(calculator, a.then.href, p.id));
    return true;
  };
  const pick = (chosen: RowPick) => {
    if (chosen.action.prompt) setPrompting(chosen);
    else if (chosen.action.confirm) {
      const ask = chosen.action.choose;
      setConfirming({
        ...chosen,
        choose:
          ask !== undefined &&
          (ask.when === undefined ||
            truthy(evaluate(ask.when, rowFacts(chosen.row, admin, chosen.size, chosen.title)))),
      });
    } else void run(chosen.row, chosen.action);
  };
  const error = failure ?? (data.error ? apiErrorText(data.error, t) : null);

  return (
    <main className="page page-history">
      <h1>{t('app.history_page.title')}</h1>
      {/* where the mode offers several calculators, their histories are apart under the same title: an
          admin signed in on the flow limiter's, empty, did not know the abattement projects were elsewhere */}
      {(config?.calculators.length ?? 1) > 1 ? (
        <p className="project-name">{t('app.history_page.of', { name: t(calculator.bundle.title) })}</p>
      ) : null}
      <input
        type="search"
        className="field-input history-search"
        aria-label={t('app.history_page.search')}
        placeholder={t('app.history_page.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          go({ query: e.target.value, page: 1 });
        }}
      />
      {error ? <p role="alert">{error}</p> : null}
      <HistoryTable
        rows={rows}
        sort={q.sort}
        order={q.order}
        searching={data.q.query !== ''}
        busy={busy}
        onSort={(sort) =>
          go(
            sort === q.sort
              ? { order: q.order === 'ASC' ? 'DESC' : 'ASC', page: 1 }
              : { sort, order: 'ASC', page: 1 },
          )
        }
        onPick={pick}
      />
      <Pagination page={q.page} pages={data.pages} onPage={(page) => go({ page })} />
      {confirming ? (
        <ConfirmDialog
          message={t(
            confirming.action.confirm!,
            rowFacts(confirming.row, admin, confirming.size, confirming.title),
          )}
          confirm={t('app.confirm')}
          cancel={t('app.cancel')}
          choice={
            confirming.choose && confirming.action.choose
              ? {
                  title: t(confirming.action.choose.title),
                  options: confirming.action.choose.options.map((o) => ({
                    value: o.value,
                    label: t(o.label),
                  })),
                }
              : undefined
          }
          onCancel={() => setConfirming(null)}
          onConfirm={(chosen) => {
            setConfirming(null);
            void run(confirming.row, confirming.action, undefined, chosen, confirming);
          }}
        />
      ) : null}
      {prompting?.action.prompt ? (
        <PromptDialog
          title={t(prompting.action.prompt.title)}
          submit={t(prompting.action.prompt.submit)}
          onSubmit={(answer) => run(prompting.row, prompting.action, answer)}
          onCancel={() => setPrompting(null)}
        />
      ) : null}
    </main>
  );
}
