import { lazy, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { Skeleton } from './components/Skeleton';

/** Code loaded on demand: the component to draw, and a way to fetch its code before it is drawn. */
export interface OnDemand<M, P extends object> {
  Component: ComponentType<P>;
  /** fetches the code (once); resolves to its module */
  preload: () => Promise<M>;
  /** whether the code is here: Component then draws at once */
  loaded: () => boolean;
}

/**
 * A component whose code loads on demand (React.lazy) and that can be fetched ahead of its first draw.
 * Once fetched, it draws at once: React would otherwise suspend on the resolved import, show the
 * Suspense fallback, and hold the reveal back up to 300 ms after it (React 19 throttles fallbacks).
 */
export function onDemand<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): OnDemand<M, P> {
  let pending: Promise<M> | null = null;
  let loaded: { default: ComponentType<P> } | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = { default: pick(m) };
        return m;
      },
      (e: unknown) => {
        pending = null; // a failed fetch (offline a moment) is tried again next time
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => loaded!));
  /** once the code is here, its component itself, drawn at once; before, the lazy one (kept while mounted) */
  function Component(props: P) {
    const [Drawn] = useState<ComponentType<P>>(() => loaded?.default ?? Lazy);
    return <Drawn {...props} />;
  }
  return { Component, preload, loaded: () => loaded !== null };
}

/**
 * A page whose code loads on demand: a placeholder of its shape until the code is here, then the page.
 * Not a Suspense boundary, so the page shows as soon as its code arrives (React holds a Suspense
 * boundary's reveal back up to 300 ms after its fallback). A failed download (offline, or a tab left open
 * across a new version whose files have new names) shows `failed`.
 */
export function OnDemandPage({
  page,
  failed: failure,
}: {
  page: OnDemand<unknown, object>;
  failed: ReactNode;
}) {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState(false);
  const ready = page.loaded();
  useEffect(() => {
    if (!ready) page.preload().then(arrived, () => setFailed(true));
  }, [page, ready]);
  if (failed) return failure;
  return ready ? <page.Component /> : <Skeleton label="…" />;
}
