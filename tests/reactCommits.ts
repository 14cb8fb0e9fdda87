/**
 * Which components React drew in each commit, as React DevTools' profiler sees them: a stand-in for the
 * DevTools global hook, which React DOM looks for when it loads (so this module is imported first by
 * tests/setup-dom.ts). Idle until a test listens (`listen`); it then walks each committed tree as DevTools
 * does: a subtree whose children are the previous commit's was left alone, and a component rendered when
 * it is new or its fiber carries React's PerformedWork flag.
 */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: Record<string, unknown> | null;
}

/** A component drawn: its name and its props as drawn. */
export interface Drawn {
  name: string;
  props: Record<string, unknown>;
}

const PERFORMED_WORK = 1;
// function, class, forwardRef and simple memo components (React's work tags)
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);

function nameOf(f: Fiber): string {
  const t = f.type as { displayName?: string; name?: string; render?: { name?: string } } | null;
  return t?.displayName ?? t?.render?.name ?? t?.name ?? '?';
}

function drawnIn(root: Fiber): Drawn[] {
  const out: Drawn[] = [];
  const visit = (next: Fiber, prev: Fiber | null) => {
    if (COMPONENT_TAGS.has(next.tag) && (prev === null || (next.flags & PERFORMED_WORK) !== 0))
      out.push({ name: nameOf(next), props: next.memoizedProps ?? {} });
    if (prev !== null && next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) visit(c, c.alternate);
  };
  visit(root, root.alternate);
  return out;
}

let listener: ((drawn: Drawn[]) => void) | null = null;

/** Calls `on` with the components drawn by each commit from now until the answer is called. */
export function listen(on: (drawn: Drawn[]) => void): () => void {
  listener = on;
  return () => {
    listener = null;
  };
}

(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
    if (listener) listener(drawnIn(root.current));
  },
};
