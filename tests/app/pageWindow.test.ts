import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../app/pages/HistoryPage';

describe('pageWindow', () => {
  it('shows up to four page numbers around the current page', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
  });
  it('shows every page when there are four or fewer', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});
