import dayjs from 'dayjs';
import { config } from 'zod';
import zodEn from 'zod/v4/locales/en.js';
import { messages } from '../../locales/en';
import type { LanguagePack } from './types';

export const pack: LanguagePack = {
  messages,
  antd: undefined,
  apply() {
    dayjs.locale('en');
    config(zodEn());
  },
};
