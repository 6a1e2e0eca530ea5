import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PAGE_SIZE } from '@adloom/domain';
import { KEYWORD_DEBOUNCE_MS, filterRows, useListState } from './useListState';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useListState', () => {
  it('starts on page 1 with the default size and no filters', () => {
    const { result } = renderHook(() => useListState());
    expect(result.current.query).toEqual({ page: 1, size: DEFAULT_PAGE_SIZE, order: 'asc' });
  });

  it('debounces the keyword and goes back to page 1 on a search', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setKeyword(' fr '));
    expect(result.current.keywordInput).toBe(' fr ');
    expect(result.current.query.keyword).toBeUndefined();
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS));
    expect(result.current.query).toMatchObject({ keyword: 'fr', page: 1 });
  });

  it('filters by status from page 1, changes size from page 1, ignores unknown sizes', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(2));
    act(() => result.current.setStatus(1));
    expect(result.current.query).toMatchObject({ status: 1, page: 1 });
    act(() => result.current.setPage(4));
    act(() => result.current.setPage(4, 50));
    expect(result.current.query).toMatchObject({ page: 1, size: 50 });
    act(() => result.current.setPage(2, 33));
    expect(result.current.query).toMatchObject({ page: 2, size: 50 });
    expect(result.current.pagination(120)).toMatchObject({ current: 2, pageSize: 50, total: 120 });
  });

  it('sorts only by the sortable columns, from page 1', () => {
    const { result } = renderHook(() => useListState({ sortable: ['name'] as const }));
    act(() => result.current.setPage(3));
    act(() =>
      result.current.onTableChange(
        { current: 3, pageSize: DEFAULT_PAGE_SIZE },
        {},
        { columnKey: 'name', order: 'descend' },
      ),
    );
    expect(result.current.query).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    act(() =>
      result.current.onTableChange(
        { current: 2, pageSize: DEFAULT_PAGE_SIZE },
        {},
        { columnKey: 'secret', order: 'ascend' },
      ),
    );
    expect(result.current.query.sort).toBeUndefined();
  });

  it('filters whole lists by keyword and status', () => {
    const rows = [
      { id: 1, name: 'Banner', status: 0 },
      { id: 2, name: 'Feed', status: 1 },
    ];
    expect(filterRows(rows, { keyword: 'ban' }, (row) => [row.name])).toHaveLength(1);
    expect(filterRows(rows, { status: 1 }, (row) => [row.name])[0]?.id).toBe(2);
    expect(filterRows(rows, {}, (row) => [row.name])).toHaveLength(2);
  });
});
