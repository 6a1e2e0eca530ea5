import type { bulk as en } from '../en/bulk';

/** 列表的批量操作（components/list/bulk.tsx）。 */
export const bulk: typeof en = {
  toolbar: '批量操作',
  selected_one: '已选 {{count}} 项',
  selected_other: '已选 {{count}} 项',
  clear: '取消选择',
  partialTitle: '部分行未更改',
  notDone_one: '{{count}} 项未更改：',
  notDone_other: '{{count}} 项未更改：',
  failedList: '未更改的行',
  close: '关闭',
};
