import { lazy, useState, type ComponentType } from 'react';

/** Code loaded on demand (the charts: ApexCharts, the app's largest library): the component to draw, and a way to fetch its code before it is drawn. */
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
