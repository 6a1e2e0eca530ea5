import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@adloom/domain';

/**
 * Page and page size of a table whose filters live in its own state (drawers, panels): the
 * spec's page sizes, and back to page 1 when the size changes.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total: total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    onChange: (next, nextSize) => {
      const resolved = (PAGE_SIZES as readonly number[]).includes(nextSize)
        ? (nextSize as PageSize)
        : size;
      setPage(resolved === size ? next : 1);
      setSize(resolved);
    },
  });
  return { page, size, setPage, pagination };
}
