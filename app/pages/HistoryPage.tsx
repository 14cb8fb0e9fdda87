import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { deleteProject, searchProjects, slowli, type HistoryItem } from '../api/projects';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RowMenu } from '../components/RowMenu';
import { Skeleton } from '../components/Skeleton';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';

type Column = { key: string; sort: string; label: string; value: (p: HistoryItem) => string };

const day = (iso: string) => iso.slice(0, 10);

/** Page numbers to show: up to four around the current page (first and last have their own buttons). */
export function pageWindow(page: number, total: number): number[] {
  const start = Math.max(1, Math.min(page - 1, total - 3));
  return Array.from({ length: Math.min(4, total) }, (_, i) => start + i);
}

/** The project history of a calculator: search, sortable columns, pages, row menus (seed 000 and 001 §2). */
export function HistoryPage() {
  const { calc, t } = useFrame();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('updated_at');
  const [order, setOrder] = useState<'ASC' | 'DESC'>('DESC');
  const [rows, setRows] = useState<HistoryItem[] | null>(null);
  const [pages, setPages] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [confirmDeny, setConfirmDeny] = useState<HistoryItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<HistoryItem | null>(null);
  const [ordering, setOrdering] = useState<HistoryItem | null>(null);
  const [command, setCommand] = useState('');

  const load = useCallback(async () => {
    const r = await searchProjects(calc, page, query, sort, order);
    if (r.data) {
      setRows(r.data.projects);
      setPages(r.data.totalPages);
      setError(null);
    } else if (r.error?.status === 401)
      void navigate(`/login?next=${encodeURIComponent(`/${calc}/history`)}`);
    else setError(apiErrorText(r.error, t));
  }, [calc, page, query, sort, order, navigate, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const columns: Column[] =
    calc === 'smca'
      ? [
          { key: 'name', sort: 'name', label: t('app.history_page.name'), value: (p) => p.name },
          {
            key: 'region',
            sort: 'region',
            label: t('app.history_page.region'),
            value: (p) => p.steps.Chantier.forms[0]?.form.rain_region ?? '',
          },
          { key: 'company', sort: 'company', label: t('app.history_page.company'), value: (p) => p.company },
          {
            key: 'commercial',
            sort: 'commercial',
            label: t('app.history_page.commercial'),
            value: (p) => p.commercial,
          },
          {
            key: 'modified',
            sort: 'updated_at',
            label: t('app.history_page.modified'),
            value: (p) => day(p.modified.date),
          },
          {
            key: 'created',
            sort: 'created_at',
            label: t('app.history_page.created'),
            value: (p) => day(p.created.date),
          },
        ]
      : [
          { key: 'name', sort: 'name', label: t('app.history_page.name'), value: (p) => p.name },
          {
            key: 'postcode',
            sort: 'postcode',
            label: t('app.history_page.postcode'),
            value: (p) => p.postcode,
          },
          { key: 'company', sort: 'company', label: t('app.history_page.company'), value: (p) => p.company },
          {
            key: 'commercial',
            sort: 'commercial',
            label: t('app.history_page.commercial'),
            value: (p) => p.commercial,
          },
          ...(calc === 'sm'
            ? [
                {
                  key: 'modified',
                  sort: 'updated_at',
                  label: t('app.history_page.modified'),
                  value: (p: HistoryItem) => day(p.modified.date),
                },
                {
                  key: 'created',
                  sort: 'created_at',
                  label: t('app.history_page.created'),
                  value: (p: HistoryItem) => day(p.created.date),
                },
              ]
            : [
                {
                  key: 'date',
                  sort: 'updated_at',
                  label: t('app.history_page.date'),
                  value: (p: HistoryItem) => day(p.modified.date),
                },
              ]),
        ];

  const sortBy = (c: Column) => {
    if (sort === c.sort) setOrder((o) => (o === 'ASC' ? 'DESC' : 'ASC'));
    else {
      setSort(c.sort);
      setOrder('ASC');
    }
    setPage(1);
  };
  const open = (p: HistoryItem) => void navigate(`/${calc}/calculator?id=${encodeURIComponent(p.id)}`);
  const state = (p: HistoryItem) => t(`app.states.${p.state || 'ongoing'}`, { command: p.command ?? '' });

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
                  <button
                    type="button"
                    onClick={() => sortBy(c)}
                    aria-label={t('app.history_page.sort', { column: c.label })}
                  >
                    {c.label} {sort === c.sort ? (order === 'ASC' ? '▲' : '▼') : ''}
                  </button>
                </th>
              ))}
              {calc === 'smca' ? null : <th aria-label={t('app.history_page.options')} />}
            </tr>
          </thead>
          <tbody>
            {rows === null ? (
              <tr aria-busy="true">
                <td colSpan={columns.length + 1}>
                  <Skeleton label={t('app.loading')} blocks={0} />
                </td>
              </tr>
            ) : null}
            {rows && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1}>
                  <p>{t('app.history_page.empty')}</p>
                  {query ? null : (
                    <Link className="button-primary" to={`/${calc}/calculator`}>
                      {t('app.history_page.start')}
                    </Link>
                  )}
                </td>
              </tr>
            ) : null}
            {(rows ?? []).map((p) => (
              <tr key={p.id} className="history-row" onClick={() => open(p)}>
                {columns.map((c, i) => (
                  <td key={c.key}>
                    {i === 0 ? (
                      <>
                        <span className={`badge badge-${p.state || 'ongoing'}`}>{state(p)}</span>{' '}
                        {p.extended_properties.note_generated && p.state !== 'calculated' ? (
                          <>
                            <span className="badge badge-calculated">{t('app.states.calculated')}</span>{' '}
                          </>
                        ) : null}
                        <a
                          href={`/client/${calc}/calculator?id=${encodeURIComponent(p.id)}`}
                          onClick={(e) => {
                            e.preventDefault();
                            e.stopPropagation();
                            open(p);
                          }}
                        >
                          {p.name || t('app.history_page.unnamed')}
                        </a>
                      </>
                    ) : (
                      c.value(p)
                    )}
                  </td>
                ))}
                {calc === 'smca' ? null : (
                  <td onClick={(e) => e.stopPropagation()} className="row-menu">
                    <RowMenu
                      label={t('app.history_page.options')}
                      items={[
                        ...(calc === 'sl' && (p.state === 'valid' || p.state === 'calculated')
                          ? [{ label: t('app.history_page.order'), onSelect: () => setOrdering(p) }]
                          : []),
                        // An ordered project is never refused; a refusal is confirmed first.
                        ...(calc === 'sl' && p.state !== 'commanded' && p.state !== 'notselected'
                          ? [{ label: t('app.history_page.notselected'), onSelect: () => setConfirmDeny(p) }]
                          : []),
                        ...(calc === 'sl' && p.state === 'commanded'
                          ? [{ label: t('app.history_page.excel'), href: slowli.excelUrl(p.id) }]
                          : []),
                        { label: t('app.history_page.delete'), onSelect: () => setConfirmDelete(p) },
                      ]}
                    />
                  </td>
                )}
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
      {confirmDelete ? (
        <ConfirmDialog
          message={t('app.history_page.delete_confirm')}
          confirm={t('app.confirm')}
          cancel={t('app.cancel')}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            const p = confirmDelete;
            setConfirmDelete(null);
            setRows((r) => (r ?? []).filter((x) => x.id !== p.id));
            void deleteProject(calc, p.id);
          }}
        />
      ) : null}
      {confirmDeny ? (
        <ConfirmDialog
          message={t('app.history_page.notselected_confirm', { name: confirmDeny.name })}
          confirm={t('app.confirm')}
          cancel={t('app.cancel')}
          onCancel={() => setConfirmDeny(null)}
          onConfirm={() => {
            const p = confirmDeny;
            setConfirmDeny(null);
            void slowli.deny(p.id).then(load);
          }}
        />
      ) : null}
      {ordering ? (
        <div className="modal-backdrop">
          <form
            role="dialog"
            aria-modal="true"
            aria-labelledby="order-title"
            className="modal"
            onSubmit={(e) => {
              e.preventDefault();
              const p = ordering;
              void slowli.order(p.id, command).then((r) => {
                if (r.response?.status === 200) {
                  setOrdering(null);
                  setCommand('');
                  void load();
                  window.location.assign(slowli.excelUrl(p.id));
                }
              });
            }}
          >
            <label id="order-title">
              {t('app.history_page.order_title')}
              <input
                className="field-input"
                required
                value={command}
                onChange={(e) => setCommand(e.target.value)}
                autoFocus
              />
            </label>
            <div className="modal-actions">
              <button type="button" className="button-secondary" onClick={() => setOrdering(null)}>
                {t('app.cancel')}
              </button>
              <button type="submit" className="button-primary">
                {t('app.history_page.validate')}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </main>
  );
}
