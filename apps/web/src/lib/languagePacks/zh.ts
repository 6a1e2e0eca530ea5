import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { config } from 'zod';
import zodZhCN from 'zod/v4/locales/zh-CN.js';
import { messages } from '../../locales/zh';
import type { LanguagePack } from './types';

export const pack: LanguagePack = {
  messages,
  antd: zhCN,
  apply() {
    dayjs.locale('zh-cn');
    config(zodZhCN());
  },
};
