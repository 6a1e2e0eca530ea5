/** Bulk actions of the lists (components/list/bulk.tsx). */
export const bulk = {
  toolbar: 'Bulk actions',
  selected_one: '{{count}} selected',
  selected_other: '{{count}} selected',
  clear: 'Clear selection',
  partialTitle: 'Some rows were left unchanged',
  notDone_one: '{{count}} was not changed:',
  notDone_other: '{{count}} were not changed:',
  failedList: 'Rows not changed',
  close: 'Close',
};
