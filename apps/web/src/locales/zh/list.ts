import type { list as en } from '../en/list';

export const list: typeof en = {
  search: '搜索',
  searchPlaceholder: '名称或代码',
  status: '状态',
  allStatuses: '全部状态',
  active: '启用',
  on: '开',
  off: '关',
  updated: '更新时间 (UTC)',
  actions: '操作',
  edit: '编辑',
  history: '历史',
  save: '保存',
  loadFailed: '列表加载失败。',
};
