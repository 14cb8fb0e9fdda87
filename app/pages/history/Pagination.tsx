import { useFrame } from '../../frame';
import { pageWindow } from './rows';

/** The history's pages: first, up to four around the current one, last. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useFrame();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('app.history_page.pagination')}>
      <button
        type="button"
        disabled={page === 1}
        onClick={() => onPage(1)}
        aria-label={t('app.history_page.first')}
      >
        «
      </button>
      {pageWindow(page, pages).map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
          aria-label={t('app.history_page.page', { page: n })}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        disabled={page === pages}
        onClick={() => onPage(pages)}
        aria-label={t('app.history_page.last')}
      >
        »
      </button>
    </nav>
  );
}
