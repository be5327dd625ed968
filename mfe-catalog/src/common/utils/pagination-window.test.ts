import { paginationWindow } from './pagination-window';

describe('paginationWindow (§9: up to 5 page numbers around the current page)', () => {
  it('centres the window on the current page', () => {
    expect(paginationWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
  });
  it('stays inside the first and last pages', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paginationWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('shows every page when there are at most 5', () => {
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });
  it('clamps out-of-range pages and handles no pages', () => {
    expect(paginationWindow(99, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(paginationWindow(0, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(Number.NaN, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
  it('takes another window size', () => {
    expect(paginationWindow(7, 20, 3)).toEqual([6, 7, 8]);
    expect(paginationWindow(7, 20, 4)).toEqual([6, 7, 8, 9]);
  });
});
