import type { error as en } from '../en/error';

export const error: typeof en = {
  notFoundTitle: '404',
  notFound: '抱歉，您访问的页面不存在。',
  deniedTitle: '401',
  denied: '抱歉，您的账户无权打开此页面。',
  pageCrashed: '页面出错了。',
  reload: '重新加载',
};
