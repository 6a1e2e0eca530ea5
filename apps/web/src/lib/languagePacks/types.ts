import type { Locale } from 'antd/es/locale';
import type { Messages } from '../../locales/types';

/** Everything one interface language needs besides English defaults. */
export interface LanguagePack {
  messages: Messages;
  /** Ant Design's locale; undefined keeps its built-in English. */
  antd: Locale | undefined;
  /** Switches the global libraries (dayjs) to the language; zod's messages are codes (lib/messages.ts). */
  apply(): void;
}
