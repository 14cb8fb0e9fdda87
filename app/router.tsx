import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The app's router: the few parts of React Router it used (declarative routes with `:param` segments and
 * `*`, links, redirects, the location with its search, hash and state), over the browser's history in
 * about 2 KB instead of 12 KB gzip on every page. Same names and behaviour as React Router's for these
 * parts, so pages read as they did. Paths given to it are inside the basename (/client).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** what navigate(to, { state }) carried to this entry */
  state: unknown;
}
type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
  basename: string;
}
const RouterCtx = createContext<RouterValue | null>(null);
const ParamsCtx = createContext<Record<string, string>>({});

function useRouter(): RouterValue {
  const r = useContext(RouterCtx);
  if (!r) throw new Error('a route must be rendered inside a router');
  return r;
}

/** A path with its search and hash split (a `to` such as '/sm/calculator?id=x#3'). */
function split(to: string): Omit<Location, 'state'> {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

/** The router over the browser's address bar and history; `basename` is where the app lives. */
export function BrowserRouter({ basename = '', children }: { basename?: string; children: ReactNode }) {
  const read = useCallback((): Location => {
    const { pathname, search, hash } = window.location;
    const inside = pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname;
    const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
    return { pathname: inside, search, hash, state };
  }, [basename]);
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(read()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [read]);
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      const entry = { usr: options.state ?? null };
      if (options.replace) window.history.replaceState(entry, '', basename + to);
      else window.history.pushState(entry, '', basename + to);
      // as React Router does: the page shown stays until the next one is ready (lazy pages)
      startTransition(() => setLocation(read()));
    },
    [basename, read],
  );
  const value = useMemo(() => ({ location, navigate, basename }), [location, navigate, basename]);
  return <RouterCtx.Provider value={value}>{children}</RouterCtx.Provider>;
}

/** A router kept in memory (tests): starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [location, setLocation] = useState<Location>(() => ({
    ...split(initialEntries[initialEntries.length - 1] ?? '/'),
    state: null,
  }));
  const navigate = useCallback<Navigate>((to, options = {}) => {
    setLocation({ ...split(to), state: options.state ?? null });
  }, []);
  const value = useMemo(() => ({ location, navigate, basename: '' }), [location, navigate]);
  return <RouterCtx.Provider value={value}>{children}</RouterCtx.Provider>;
}

/** The parameters of `pattern` ('/:calc/history', '*') read from `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = decodeURIComponent(got[i]!);
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

/** One route of <Routes>: its path pattern and what it shows. */
export function Route(_: { path: string; element: ReactNode }): null {
  return null;
}

/** The first of its <Route> children whose path matches the location. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, element } = (child as ReactElement<{ path: string; element: ReactNode }>).props;
    const params = matchPath(path, location.pathname);
    if (params) return <ParamsCtx.Provider value={params}>{element}</ParamsCtx.Provider>;
  }
  return null;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsCtx);
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useRouter().location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Goes to `to` as soon as it is drawn. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link inside the app: a real <a href> (opens in a new tab as usual), followed in place on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const { navigate, basename } = useRouter();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={basename + to} onClick={follow} />;
}

/** A link of the menu: marked as the current page (aria-current, class "active") when the location is at or under it. */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const { pathname } = useLocation();
  const target = split(to).pathname;
  const active = pathname === target || pathname.startsWith(`${target}/`);
  return (
    <Link
      {...rest}
      to={to}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
