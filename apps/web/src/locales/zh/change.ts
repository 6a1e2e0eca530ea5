import type { change as en } from '../en/change';

export const change: typeof en = {
  noteTitle: '备注本次修改',
  note: '备注',
  noteHelp: '说明原因，至少两个字符。',
  confirm: '确认',
  cancel: '取消',
  noneUpdate: '没有任何修改',
  historyTitle: '修改历史',
  historyFailed: '修改历史加载失败。',
  noHistory: '还没有修改记录',
  by: '操作人 {{user}}',
  for: '代 {{user}}',
  field: '字段',
  before: '修改前',
  after: '修改后',
};
