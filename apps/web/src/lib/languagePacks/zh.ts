import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { messages } from '../../locales/zh';
import type { LanguagePack } from './types';

export const pack: LanguagePack = {
  messages,
  antd: zhCN,
  apply() {
    dayjs.locale('zh-cn');
  },
};
