import type { common as en } from '../en/common';

export const common: typeof en = {
  language: '语言',
  english: 'English',
  chinese: '中文',
  home: '首页',
  back: '返回',
  retry: '重试',
  loading: '加载中…',
  productTagline: '广告平台管理控制台',
};
