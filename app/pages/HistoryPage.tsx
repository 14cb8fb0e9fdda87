import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { evaluate, getPath, truthy, type HistoryAction } from '../../engine';
import { searchProjects, type HistoryItem } from '../api/projects';
import { apiPath } from '../calculators';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RowMenu } from '../components/RowMenu';
import { Skeleton } from '../components/Skeleton';
import { apiErrorText, http } from '../api/http';
import { useFrame } from '../frame';
import { dateTimeText } from '../../words/dates';

/**
 * What the bundle's history rules and messages read of a row (group_size: the members of its group of
 * variants; title: the project as the user knows it, its variant's number and name included).
 */
const rowFacts = (p: HistoryItem, admin: boolean, groupSize = 1, title = p.name) => ({
  state: p.state || 'ongoing',
  command: p.command ?? '',
  admin,
  note_generated: p.extended_properties.note_generated === true,
  name: title,
  number: p.number ?? '',
  group_size: groupSize,
});

/**
 * The rows as shown: each group's first project, then its variants under it, each with its group's size;
 * `short` for a variant named as its group's first project (its number says it all).
 */
function groupRows(
  rows: HistoryItem[],
): { p: HistoryItem; size: number; variant: boolean; short: boolean }[] {
  return rows.flatMap((p) => {
    const members = p.variants ?? [];
    const size = members.length + 1;
    return [
      { p, size, variant: false, short: false },
      ...members.map((v) => ({ p: v, size, variant: true, short: v.name === p.name })),
    ];
  });
}

/** Page numbers to show: up to four around the current page (first and last have their own buttons). */
export function pageWindow(page: number, total: number): number[] {
  const start = Math.max(1, Math.min(page - 1, total - 3));
  return Array.from({ length: Math.min(4, total) }, (_, i) => start + i);
}

/** The project history of a calculator: search, sortable columns, pages, row menus (seed 000 and 001 §2). */
export function HistoryPage() {
  const { calc, calculator, t, admin, locale } = useFrame();
  const { history } = calculator.bundle;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('updated_at');
  const [order, setOrder] = useState<'ASC' | 'DESC'>('DESC');
  const [rows, setRows] = useState<HistoryItem[] | null>(null);
  const [pages, setPages] = useState(0);
  const [error, setError] = useState<string | null>(null);
  type Pick = { row: HistoryItem; action: HistoryAction; size: number; title: string };
  const [confirming, setConfirming] = useState<Pick | null>(null);
  const [prompting, setPrompting] = useState<Pick | null>(null);
  const [answer, setAnswer] = useState('');
  // the prompt's answer is required: an empty one says so beside the field instead of doing nothing
  const [answerMissing, setAnswerMissing] = useState(false);

  const load = useCallback(async () => {
    const r = await searchProjects(calculator.api, page, query, sort, order);
    if (r.data) {
      setRows(r.data.projects);
      setPages(r.data.totalPages);
      setError(null);
    } else if (r.error?.status === 401)
      void navigate(`/login?next=${encodeURIComponent(`/${calc}/history`)}`);
    else setError(apiErrorText(r.error, t));
  }, [calc, calculator, page, query, sort, order, navigate, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const columns = history.columns.map((c) => ({
    ...c,
    sort: c.sort ?? null,
    label: t(c.label),
    value: (p: HistoryItem) => {
      const v = getPath(p, c.path);
      const text = v === null || v === undefined ? '' : String(v);
      return c.format === 'date' ? dateTimeText(text, locale) : text;
    },
  }));
  type Column = (typeof columns)[number];
  const withMenu = history.actions.length > 0;

  /** Runs an action's request (with the prompted value), then its follow-up. */
  const run = async (p: HistoryItem, a: HistoryAction, value?: string): Promise<boolean> => {
    if (a.open) {
      void navigate(`/${calc}/${a.open}?id=${encodeURIComponent(p.id)}`);
      return true;
    }
    if (a.remove)
      setRows((r) =>
        (r ?? [])
          .filter((x) => x.id !== p.id)
          .map((x) => ({ ...x, variants: (x.variants ?? []).filter((v) => v.id !== p.id) })),
      );
    if (a.request) {
      const body = a.prompt && value !== undefined ? { [a.prompt.field]: value } : undefined;
      const r = await http<unknown>(a.request.method, apiPath(calculator, a.request.path, p.id), body);
      if (r.error) {
        setError(apiErrorText(r.error, t));
        void load();
        return false;
      }
    }
    // a removed group head hands its group on: the list is read again to show the new head
    if (!a.remove || p.variants?.length) void load();
    if (a.then) window.location.assign(apiPath(calculator, a.then.href, p.id));
    return true;
  };
  const select = (p: HistoryItem, a: HistoryAction, size: number, title: string) => {
    if (a.prompt) {
      setAnswer('');
      setAnswerMissing(false);
      setPrompting({ row: p, action: a, size, title });
    } else if (a.confirm) setConfirming({ row: p, action: a, size, title });
    else void run(p, a);
  };

  const sortBy = (c: Column) => {
    if (!c.sort) return;
    if (sort === c.sort) setOrder((o) => (o === 'ASC' ? 'DESC' : 'ASC'));
    else {
      setSort(c.sort);
      setOrder('ASC');
    }
    setPage(1);
  };
  /** A variant by its number and, when the user named it, its name ("Variante 2 · Toundra"). */
  const variantName = (p: HistoryItem) =>
    p.variant.label
      ? t('app.variants.named', { no: p.variant.no, label: p.variant.label })
      : t('app.variants.label', { no: p.variant.no });
  /** The project as the user knows it: its name (or "unnamed"), and a variant's number and name. */
  const titleOf = (p: HistoryItem, size: number) => {
    const name = p.name || t('app.history_page.unnamed');
    return size <= 1 ? name : `${name} — ${variantName(p)}`;
  };
  const open = (p: HistoryItem) => void navigate(`/${calc}/calculator?id=${encodeURIComponent(p.id)}`);
  const badges = (p: HistoryItem, size: number, short: boolean) => {
    const facts = rowFacts(p, admin, size);
    const declared = history.badges
      .filter((b) => b.when === undefined || truthy(evaluate(b.when, facts)))
      .map((b) => ({
        label: t(String(evaluate(b.label, facts)), facts),
        tone: String(evaluate(b.tone, facts)),
      }));
    return size > 1 && !short ? [{ label: variantName(p), tone: 'variant' }, ...declared] : declared;
  };

  return (
    <main className="page page-history">
      <h1>{t('app.history_page.title')}</h1>
      <input
        type="search"
        className="field-input history-search"
        aria-label={t('app.history_page.search')}
        placeholder={t('app.history_page.search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(1);
        }}
      />
      {error ? <p role="alert">{error}</p> : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('app.history_page.title')}>
        <table className="history">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  aria-sort={sort === c.sort ? (order === 'ASC' ? 'ascending' : 'descending') : 'none'}
                >
                  {c.sort ? (
                    <button
                      type="button"
                      onClick={() => sortBy(c)}
                      aria-label={t('app.history_page.sort', { column: c.label })}
                    >
                      {c.label} {sort === c.sort ? (order === 'ASC' ? '▲' : '▼') : ''}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
              {withMenu ? (
                <th scope="col">
                  <span className="visually-hidden">{t('app.history_page.options')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows === null ? (
              <tr aria-busy="true">
                <td colSpan={columns.length + (withMenu ? 1 : 0)}>
                  <Skeleton label={t('app.loading')} blocks={0} />
                </td>
              </tr>
            ) : null}
            {rows && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (withMenu ? 1 : 0)}>
                  <p>{t('app.history_page.empty')}</p>
                  {query ? null : (
                    <Link className="button-primary" to={`/${calc}/calculator`}>
                      {t('app.history_page.start')}
                    </Link>
                  )}
                </td>
              </tr>
            ) : null}
            {groupRows(rows ?? []).map(({ p, size, variant, short }) => (
              <tr
                key={p.id}
                className={variant ? 'history-row history-variant' : 'history-row'}
                onClick={() => open(p)}
              >
                {columns.map((c, i) => (
                  <td
                    key={c.key}
                    data-label={i === 0 ? undefined : c.label}
                    className={c.format === 'date' ? 'history-date' : undefined}
                  >
                    {i === 0 ? (
                      <>
                        {badges(p, size, short).map((b) => (
                          <span key={b.tone + b.label}>
                            <span className={`badge badge-${b.tone}`}>{b.label}</span>{' '}
                          </span>
                        ))}
                        <a
                          href={`/client/${calc}/calculator?id=${encodeURIComponent(p.id)}`}
                          onClick={(e) => {
                            e.preventDefault();
                            e.stopPropagation();
                            open(p);
                          }}
                        >
                          {short ? variantName(p) : p.name || t('app.history_page.unnamed')}
                        </a>
                      </>
                    ) : (
                      c.value(p)
                    )}
                  </td>
                ))}
                {withMenu ? (
                  <td onClick={(e) => e.stopPropagation()} className="row-menu">
                    <RowMenu
                      label={t('app.history_page.options')}
                      items={history.actions
                        .filter(
                          (a) => a.when === undefined || truthy(evaluate(a.when, rowFacts(p, admin, size))),
                        )
                        .map((a) =>
                          a.href
                            ? { label: t(a.label), href: apiPath(calculator, a.href, p.id) }
                            : { label: t(a.label), onSelect: () => select(p, a, size, titleOf(p, size)) },
                        )}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('app.history_page.pagination')}>
          <button
            type="button"
            disabled={page === 1}
            onClick={() => setPage(1)}
            aria-label={t('app.history_page.first')}
          >
            «
          </button>
          {pageWindow(page, pages).map((n) => (
            <button
              key={n}
              type="button"
              aria-current={n === page ? 'page' : undefined}
              onClick={() => setPage(n)}
              aria-label={t('app.history_page.page', { page: n })}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            disabled={page === pages}
            onClick={() => setPage(pages)}
            aria-label={t('app.history_page.last')}
          >
            »
          </button>
        </nav>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          message={t(
            confirming.action.confirm!,
            rowFacts(confirming.row, admin, confirming.size, confirming.title),
          )}
          confirm={t('app.confirm')}
          cancel={t('app.cancel')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const { row, action } = confirming;
            setConfirming(null);
            void run(row, action);
          }}
        />
      ) : null}
      {prompting?.action.prompt ? (
        <div className="modal-backdrop">
          <form
            role="dialog"
            aria-modal="true"
            aria-labelledby="prompt-title"
            className="modal"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!answer.trim()) {
                setAnswerMissing(true);
                (e.currentTarget.elements.namedItem('prompt-answer') as HTMLInputElement | null)?.focus();
                return;
              }
              const { row, action } = prompting;
              void run(row, action, answer.trim()).then((ok) => {
                if (ok) setPrompting(null);
              });
            }}
          >
            <label id="prompt-title">
              {t(prompting.action.prompt.title)}
              <input
                name="prompt-answer"
                className="field-input"
                required
                aria-invalid={answerMissing || undefined}
                aria-describedby={answerMissing ? 'prompt-missing' : undefined}
                value={answer}
                onChange={(e) => {
                  setAnswer(e.target.value);
                  setAnswerMissing(false);
                }}
                autoFocus
              />
            </label>
            {answerMissing ? (
              <p id="prompt-missing" className="field-message" role="alert">
                {t('errors.required')}
              </p>
            ) : null}
            <div className="modal-actions">
              <button type="button" className="button-secondary" onClick={() => setPrompting(null)}>
                {t('app.cancel')}
              </button>
              <button type="submit" className="button-primary">
                {t(prompting.action.prompt.submit)}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </main>
  );
}
