/**
 * Reading a Chromium performance trace (the DevTools protocol's Tracing domain, the performance panel's
 * events), shared by npm run bench:trace and bench:keys: the page's main thread, and its time by kind.
 */

/** One event of a trace, as Tracing.dataCollected delivers it. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/**
 * The page's main thread: the thread named CrRendererMain that ran the app's own scripts (/client/); else
 * the one with the most tasks. Headless Chromium traces its own WebUI renderers too (the omnibox popup's
 * Lit components), and on a cold load one of them can run more tasks than the page: counting tasks alone
 * picked it, and its 200 ms of module evaluation was read as the app's (QUALITY.md, issue 40, later).
 */
export function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const mains = names.filter((e) => (e.args as { name?: string })?.name === 'CrRendererMain');
  const ranApp = (m: TraceEvent) =>
    events.some(
      (e) =>
        e.pid === m.pid &&
        e.tid === m.tid &&
        /\/client\//.test(String((e.args as { data?: { url?: unknown } } | undefined)?.data?.url ?? '')),
    );
  let best: { pid: number; tid: number } | null = null;
  let most = -1;
  for (const m of mains.some(ranApp) ? mains.filter(ranApp) : mains) {
    const n = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
    if (n > most) {
      most = n;
      best = { pid: m.pid, tid: m.tid };
    }
  }
  return best;
}

/** The trace events counted, by the kind of work they are (a kind's own time: its children's taken out). */
export const KIND: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  'v8.parseOnBackground': 'compile',
  ParseHTML: 'parse HTML',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  ParseAuthorStyleSheet: 'style',
  GCEvent: 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

/**
 * The main thread's time by kind, ms: each complete event's own time (its duration less its children's on
 * the same thread); a top-level event of no kind counts as 'other'.
 */
export function timeByKind(mine: TraceEvent[]): Map<string, number> {
  const xs = mine
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.name !== 'RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byKind = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= upTo) {
      const { e, child } = stack.pop()!;
      const kind = KIND[e.name];
      if (kind) byKind.set(kind, (byKind.get(kind) ?? 0) + (e.dur! - child) / 1000);
      else if (stack.length === 0) byKind.set('other', (byKind.get('other') ?? 0) + (e.dur! - child) / 1000);
      if (stack.length) stack[stack.length - 1]!.child += kind || stack.length === 0 ? e.dur! : child;
    }
  };
  for (const e of xs) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Infinity);
  return byKind;
}
