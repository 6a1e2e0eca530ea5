/** Wire helpers shared by the modules' presenters: ISO times, a page of a list. */
export const isoTimes = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A page of a list: `{ list, total, page, size }`. */
export const pageOf = <T>(list: T[], total: number, query: { page: number; size: number }) => ({
  list,
  total,
  page: query.page,
  size: query.size,
});
