import type { layout as en } from '../en/layout';

export const layout: typeof en = {
  mainMenu: '主菜单',
  collapseMenu: '收起菜单',
  expandMenu: '展开菜单',
  accountMenu: '账户菜单',
  home: '首页',
  changePassword: '修改密码',
  signOut: '退出登录',
  proxyBanner: '正在代理 {{nickname}}（{{username}}）操作 — 登录账户为 {{realUser}}',
  copyright: '© {{year}} {{company}} 版权所有',
  skipToContent: '跳到正文',
};
