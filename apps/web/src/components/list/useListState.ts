/**
 * The state of a list screen (docs/product/constants.md#page-sizes): page, size, keyword (typed and
 * debounced), sort, order and status; a search or filter goes back to page 1.
 */
import { useCallback, useEffect, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@adloom/domain';

export const KEYWORD_DEBOUNCE_MS = 300;

export interface ListQuery<S extends string = string> {
  page: number;
  size: PageSize;
  keyword?: string;
  sort?: S;
  order: 'asc' | 'desc';
  status?: number;
}

export interface ListState<S extends string = string> extends ListQuery<S> {
  /** What the search input shows (the query's keyword follows it after a pause). */
  keywordInput: string;
  setKeyword(text: string): void;
  setStatus(status: number | undefined): void;
  setPage(page: number, size?: number): void;
  /** antd Table onChange: pagination and sorting. */
  onTableChange(pagination: TablePaginationConfig, filters: unknown, sorter: unknown): void;
  /** The query sent to the list endpoint. */
  query: ListQuery<S>;
  /** antd pagination for a server-paged table of `total` rows. */
  pagination(total: number | undefined): TablePaginationConfig;
}

function pageSizeOf(size: number | undefined, fallback: PageSize): PageSize {
  return (PAGE_SIZES as readonly number[]).includes(size ?? -1) ? (size as PageSize) : fallback;
}

export function useListState<S extends string = string>({
  sortable = [],
  defaultSize = DEFAULT_PAGE_SIZE,
}: { sortable?: readonly S[]; defaultSize?: PageSize } = {}): ListState<S> {
  const [page, setPageState] = useState(1);
  const [size, setSize] = useState<PageSize>(defaultSize);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeywordValue] = useState('');
  const [sort, setSort] = useState<S | undefined>();
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [status, setStatusValue] = useState<number | undefined>();

  useEffect(() => {
    const text = keywordInput.trim();
    const timer = setTimeout(() => {
      setKeywordValue((current) => {
        if (current !== text) setPageState(1);
        return text;
      });
    }, KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keywordInput]);

  const setStatus = useCallback((next: number | undefined) => {
    setStatusValue(next);
    setPageState(1);
  }, []);

  const setPage = useCallback(
    (next: number, nextSize?: number) => {
      const resolved = pageSizeOf(nextSize, size);
      setPageState(resolved !== size ? 1 : next);
      setSize(resolved);
    },
    [size],
  );

  const onTableChange = useCallback(
    (pagination: TablePaginationConfig, _filters: unknown, sorter: unknown) => {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as
        SorterResult<unknown> | undefined;
      const field = String(single?.columnKey ?? single?.field ?? '');
      const nextSort =
        single?.order && (sortable as readonly string[]).includes(field) ? (field as S) : undefined;
      const nextOrder = single?.order === 'descend' ? 'desc' : 'asc';
      const sortChanged = nextSort !== sort || (nextSort !== undefined && nextOrder !== order);
      setSort(nextSort);
      setOrder(nextOrder);
      if (sortChanged) setPageState(1);
      else setPage(pagination.current ?? 1, pagination.pageSize);
    },
    [sortable, sort, order, setPage],
  );

  const query: ListQuery<S> = {
    page,
    size,
    order,
    ...(keyword ? { keyword } : {}),
    ...(sort ? { sort } : {}),
    ...(status !== undefined ? { status } : {}),
  };

  return {
    ...query,
    keywordInput,
    setKeyword: setKeywordInput,
    setStatus,
    setPage,
    onTableChange,
    query,
    pagination: (total) => ({
      current: page,
      pageSize: size,
      total: total ?? 0,
      pageSizeOptions: PAGE_SIZES.map(String),
      showSizeChanger: true,
      showTotal: undefined,
    }),
  };
}

/** Keyword and status applied to a list the server sends whole (styles, ad types). */
export function filterRows<T extends { status: number }>(
  rows: readonly T[] | undefined,
  { keyword, status }: Pick<ListQuery, 'keyword' | 'status'>,
  text: (row: T) => string[],
): T[] {
  const needle = keyword?.toLowerCase() ?? '';
  return (rows ?? []).filter(
    (row) =>
      (status === undefined || row.status === status) &&
      (needle === '' || text(row).some((value) => value.toLowerCase().includes(needle))),
  );
}
