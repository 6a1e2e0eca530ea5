import dayjs from 'dayjs';
import { messages } from '../../locales/en';
import type { LanguagePack } from './types';

export const pack: LanguagePack = {
  messages,
  antd: undefined,
  apply() {
    dayjs.locale('en');
  },
};
