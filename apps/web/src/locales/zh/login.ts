import type { login as en } from '../en/login';

export const login: typeof en = {
  heading: '登录您的账户',
  sellingChannelsTitle: '丰富的渠道资源',
  sellingChannelsText: '覆盖全球媒体、应用与需求方，触达更多受众。',
  sellingTechTitle: '强大的技术优势',
  sellingTechText: '实时竞价、精准定向与匀速投放，让每一份预算按计划花出。',
  sellingDataTitle: '智能的数据分析',
  sellingDataText: '按天、小时、国家与合作方的报表，把流量变成决策。',
  username: '用户名',
  usernamePlaceholder: '请输入用户名',
  usernameRequired: '请输入用户名',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  passwordRequired: '请输入密码',
  submit: '登录',
  wrongCredentials: '用户名或密码错误。',
};
