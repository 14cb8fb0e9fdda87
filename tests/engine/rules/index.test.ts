import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_OPERATORS, evaluate, operatorOf, truthy } from '../../../engine/rules';

describe('rules index', () => {
  it('registers every operator file of engine/rules under its snake_case name, callable from a rule', () => {
    const files = readdirSync(join(import.meta.dirname, '../../../engine/rules'))
      .map((f) => f.replace(/\.ts$/, ''))
      .filter((f) => f !== 'index' && f !== 'compileRule');
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const op = file.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      expect(KNOWN_OPERATORS.has(op), `${file}.ts is not registered as '${op}'`).toBe(true);
      // reachable from a rule: evaluating it may refuse these arguments, but never as an unknown operator
      try {
        evaluate({ [op]: [] }, {});
      } catch (e) {
        expect(String(e)).not.toMatch(/unknown|unrecognized/i);
      }
    }
  });
  it('fails loud on an unknown operator', () => {
    expect(() => evaluate({ no_such_op: [1] }, {})).toThrow(/no_such_op/);
  });
  it('reads an operator node', () => {
    expect(operatorOf({ '==': [1, 2] })).toEqual({ op: '==', args: [1, 2] });
    expect(operatorOf({ var: 'x' })).toEqual({ op: 'var', args: ['x'] });
    expect(operatorOf(3)).toBeUndefined();
  });
  it('uses json-logic truthiness', () => {
    expect(truthy([])).toBe(false);
    expect(truthy('0')).toBe(true);
  });
});
