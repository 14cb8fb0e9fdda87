import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from '../../app/router';

function Where() {
  const l = useLocation();
  const { calc } = useParams();
  const [params] = useSearchParams();
  return (
    <p data-testid="where">
      {calc ?? '-'} {l.pathname} {params.get('id') ?? '-'} {l.hash || '-'}{' '}
      {String((l.state as { n?: string })?.n ?? '-')}
    </p>
  );
}

const app = () => (
  <BrowserRouter basename="/client">
    <nav>
      <NavLink to="/sm/history">Historique</NavLink>
      <Link to="/sm/calculator?id=abc#3">Ouvrir</Link>
    </nav>
    <Routes>
      <Route path="/:calc/history" element={<Where />} />
      <Route path="/:calc/calculator" element={<Where />} />
      <Route path="/gone" element={<Navigate to="/sm/history" replace />} />
      <Route path="*" element={<p>autre</p>} />
    </Routes>
  </BrowserRouter>
);

describe('the app router', () => {
  it('matches :param segments and *, nothing else', () => {
    expect(matchPath('/:calc/history', '/sm/history')).toEqual({ calc: 'sm' });
    expect(matchPath('/:calc/history', '/sm/results')).toBeNull();
    expect(matchPath('/:calc', '/sm/history')).toBeNull();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });

  it('follows a link in place under the basename, with its search and hash, and marks the current menu entry', async () => {
    window.history.replaceState(null, '', '/client/sm/history');
    render(app());
    expect(screen.getByTestId('where')).toHaveTextContent('sm /sm/history - - -');
    const current = screen.getByRole('link', { name: 'Historique' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/client/sm/history');
    const open = screen.getByRole('link', { name: 'Ouvrir' });
    expect(open).toHaveAttribute('href', '/client/sm/calculator?id=abc#3');
    await act(async () => {
      fireEvent.click(open);
    });
    expect(window.location.pathname).toBe('/client/sm/calculator');
    expect(screen.getByTestId('where')).toHaveTextContent('sm /sm/calculator abc #3 -');
    expect(screen.getByRole('link', { name: 'Historique' })).not.toHaveAttribute('aria-current');
    // back: the browser's history
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('sm /sm/history'));
  });

  it('leaves a click with a modifier to the browser, and redirects with <Navigate>', async () => {
    window.history.replaceState(null, '', '/client/gone');
    render(app());
    await act(async () => {});
    expect(window.location.pathname).toBe('/client/sm/history');
    const open = screen.getByRole('link', { name: 'Ouvrir' });
    const e = fireEvent.click(open, { ctrlKey: true });
    // not prevented: the browser opens it its own way (a new tab)
    expect(e).toBe(true);
    expect(window.location.pathname).toBe('/client/sm/history');
  });
});
