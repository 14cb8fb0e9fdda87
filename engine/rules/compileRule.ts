import jsonLogic from 'json-logic-js';

/** A json-logic rule made into a function of its data. */
export type CompiledRule = (data: unknown) => unknown;

const truthy = (v: unknown): boolean => jsonLogic.truthy(v);
const isLogic = (r: unknown): r is Record<string, unknown> =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && Object.keys(r).length === 1;
const num = (x: unknown): number => parseFloat(x as string);

/**
 * json-logic's operators with their arguments already evaluated, as json-logic-js defines them (the
 * same JavaScript, so the same answers: loose ==, parseFloat in + and *, and so on).
 */
const PLAIN: Record<string, (...a: unknown[]) => unknown> = {
  '==': (a, b) => a == b, // eslint-disable-line eqeqeq
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b, // eslint-disable-line eqeqeq
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '<': (a, b, c) =>
    c === undefined
      ? (a as number) < (b as number)
      : (a as number) < (b as number) && (b as number) < (c as number),
  '<=': (a, b, c) =>
    c === undefined
      ? (a as number) <= (b as number)
      : (a as number) <= (b as number) && (b as number) <= (c as number),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => (a as number) % (b as number),
  in: (a, b) =>
    !b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined'
      ? false
      : (b as unknown[]).indexOf(a) !== -1,
  cat: (...a) => a.join(''),
  '+': (...a) => a.reduce<number>((s, x) => num(s) + num(x), 0),
  '*': (...a) => (a as number[]).reduce((s, x) => num(s) * num(x)),
  '-': (a, b) => (b === undefined ? -(a as number) : (a as number) - (b as number)),
  '/': (a, b) => (a as number) / (b as number),
  min: (...a) => Math.min(...(a as number[])),
  max: (...a) => Math.max(...(a as number[])),
};

/** `var` with a fixed path: split once. */
function varOf(path: string, notFound: unknown): CompiledRule {
  const subs = path.split('.');
  return (data) => {
    let d = data;
    for (const s of subs) {
      if (d === null || d === undefined) return notFound;
      d = (d as Record<string, unknown>)[s];
      if (d === undefined) return notFound;
    }
    return d;
  };
}

const cache = new WeakMap<object, CompiledRule>();

/**
 * Turns a json-logic rule into a function once, so that a rule asked about every card at every key is no
 * longer read again each time. The operators that matter for speed are compiled (var, the comparisons,
 * and/or/if, arithmetic, our own operators, the array operators); any other goes to json-logic-js as a
 * whole, so every rule answers exactly as json-logic-js would (tests/engine/rules/compileRule.test.ts).
 * Kept per rule object: a bundle's rules are compiled once.
 */
export function compileRule(
  rule: unknown,
  operators: Record<string, (...a: never[]) => unknown>,
): CompiledRule {
  if (typeof rule !== 'object' || rule === null) return () => rule;
  const hit = cache.get(rule);
  if (hit) return hit;
  const made = build(rule, operators);
  cache.set(rule, made);
  return made;
}

function build(rule: object, operators: Record<string, (...a: never[]) => unknown>): CompiledRule {
  const sub = (r: unknown) => compileRule(r, operators);
  if (Array.isArray(rule)) {
    const parts = rule.map(sub);
    return (d) => parts.map((p) => p(d));
  }
  if (!isLogic(rule)) return () => rule;
  const op = Object.keys(rule)[0]!;
  const raw = rule[op];
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  const whole: CompiledRule = (d) => jsonLogic.apply(rule as jsonLogic.RulesLogic, d);
  switch (op) {
    case 'var': {
      const [a, b] = values;
      const isPath = (x: unknown) => typeof x === 'string' || typeof x === 'number';
      if (
        values.length <= 2 &&
        (a === undefined || a === null || isPath(a)) &&
        !isLogic(b) &&
        !Array.isArray(b)
      ) {
        const notFound = b === undefined ? null : b;
        if (a === undefined || a === null || a === '') return (d) => d;
        return varOf(String(a), notFound);
      }
      return whole;
    }
    case 'if':
    case '?:': {
      const parts = values.map(sub);
      return (d) => {
        let i = 0;
        for (; i < parts.length - 1; i += 2) if (truthy(parts[i]!(d))) return parts[i + 1]!(d);
        return parts.length === i + 1 ? parts[i]!(d) : null;
      };
    }
    case 'and':
    case 'or': {
      const parts = values.map(sub);
      const stopOn = op === 'or';
      return (d) => {
        let current: unknown;
        for (const p of parts) {
          current = p(d);
          if (truthy(current) === stopOn) return current;
        }
        return current;
      };
    }
    case 'filter':
    case 'map':
    case 'all':
    case 'none':
    case 'some': {
      const of = sub(values[0]);
      const each = sub(values[1]);
      return (d) => {
        const xs = of(d);
        if (op === 'filter') return Array.isArray(xs) ? xs.filter((x) => truthy(each(x))) : [];
        if (op === 'map') return Array.isArray(xs) ? xs.map((x) => each(x)) : [];
        if (!Array.isArray(xs) || !xs.length) return op === 'none';
        if (op === 'all') return xs.every((x) => truthy(each(x)));
        const any = xs.some((x) => truthy(each(x)));
        return op === 'some' ? any : !any;
      };
    }
    case 'reduce': {
      const of = sub(values[0]);
      const each = sub(values[1]);
      const start = values[2] === undefined ? null : sub(values[2]);
      return (d) => {
        const xs = of(d);
        const initial = start ? start(d) : null;
        if (!Array.isArray(xs)) return initial;
        return xs.reduce((accumulator: unknown, current: unknown) => each({ current, accumulator }), initial);
      };
    }
  }
  const fn = PLAIN[op] ?? (Object.prototype.hasOwnProperty.call(operators, op) ? operators[op] : undefined);
  if (!fn) return whole;
  const args = values.map(sub);
  const call = fn as (...a: unknown[]) => unknown;
  if (args.length === 1) {
    const [x] = args as [CompiledRule];
    return (d) => call.call(d, x(d));
  }
  if (args.length === 2) {
    const [x, y] = args as [CompiledRule, CompiledRule];
    return (d) => call.call(d, x(d), y(d));
  }
  return (d) =>
    call.apply(
      d,
      args.map((a) => a(d)),
    );
}
