import { describe, expect, it } from 'vitest';
import {
  canCalculate,
  canJumpTo,
  derive,
  initialStep,
  isFormValid,
  next,
  previous,
  submit,
  type StepStatus,
} from '../../engine';
import { bundleOf, validProject } from './helpers';

const sl = bundleOf('sl');

describe('next', () => {
  it('blocks on a step with a missing required field (result 3) and records it', () => {
    const s = derive(sl, {
      ...validProject('sl'),
      client: { ...(validProject('sl').client as object), name: '' },
    });
    const r = next(s, [0, 0, 0], 0);
    expect(r).toEqual({ statuses: [3, 0, 0], current: 0, moved: false });
  });
  it('passes a step where only the email is missing, marking it 2', () => {
    const s = derive(sl, {
      ...validProject('sl'),
      client: { ...(validProject('sl').client as object), email: '' },
    });
    expect(next(s, [0, 0, 0], 0)).toEqual({ statuses: [2, 0, 0], current: 1, moved: true });
  });
  it('does not move past the last step', () => {
    const s = derive(sl, validProject('sl'));
    expect(next(s, [1, 1, 0], 2)).toEqual({ statuses: [1, 1, 1], current: 2, moved: false });
  });
});

describe('previous', () => {
  it('validates the current step and moves back', () => {
    const s = derive(sl, validProject('sl'));
    expect(previous(s, [1, 0, 0], 1)).toEqual({ statuses: [1, 1, 0], current: 0, moved: true });
  });
});

describe('submit', () => {
  it('validates every step; valid only when none exceeds 1', () => {
    expect(submit(derive(sl, validProject('sl')))).toEqual({ statuses: [1, 1, 1], valid: true });
    const partial = derive(sl, {
      ...validProject('sl'),
      client: { ...(validProject('sl').client as object), email: null },
    });
    expect(submit(partial)).toEqual({ statuses: [2, 1, 1], valid: false });
  });
});

describe('initialStep', () => {
  it('is the first step whose status is 0, 2 or 3', () => {
    expect(initialStep([1, 0, 0])).toBe(1);
    expect(initialStep([1, 1, 2])).toBe(2);
    expect(initialStep([3, 1, 1])).toBe(0);
  });
  it('is the last step when all are valid', () => {
    expect(initialStep([1, 1, 1, 1, 1])).toBe(4);
  });
});

describe('isFormValid', () => {
  it('is true only when no status exceeds 1', () => {
    expect(isFormValid([1, 1, 1])).toBe(true);
    expect(isFormValid([1, 2, 1])).toBe(false);
  });
});

describe('canJumpTo', () => {
  it('refuses a jump to an untouched step', () => {
    const st: StepStatus[] = [1, 2, 0];
    expect(canJumpTo(st, 1)).toBe(true);
    expect(canJumpTo(st, 2)).toBe(false);
  });
});

describe('canCalculate', () => {
  it('needs a valid form and, for sl, at least one drain', () => {
    const s = derive(sl, validProject('sl'));
    expect(canCalculate(sl, s, [1, 1, 1])).toEqual({ ok: true });
    expect(canCalculate(sl, s, [1, 2, 1])).toEqual({ ok: false, reason: { key: 'errors.form_invalid' } });
    const dry = derive(sl, {
      ...validProject('sl'),
      roofs: [{ ...(validProject('sl').roofs as object[])[0], drainage: { horizontal: 0, vertical: 0 } }],
    });
    expect(canCalculate(sl, dry, [1, 1, 1])).toEqual({ ok: false, reason: { key: 'sl.errors.no_drain' } });
  });
});
