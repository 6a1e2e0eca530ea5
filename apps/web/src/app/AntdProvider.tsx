/**
 * Ant Design around what uses it: the theme, the locale of the interface language and, for a
 * page, the message API of the api client's toasts. Never part of the entry, so /login loads
 * no antd at all; the console shell and the dashboard's first screen are plain markup and
 * bring antd only with the parts that need it (`lazyWithAntd`, docs/decisions/dashboard-first-load.md).
 * A user who asked the system for less motion gets dialogs, menus and messages without their
 * animations.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { isInterfaceLanguage } from '@adloom/domain';
import { antdLocaleOf } from '../lib/i18n';
import { usePrefersReducedMotion } from '../lib/mediaQuery';
import { setErrorNotifier } from '../lib/toast';
import { theme } from './theme';

function MessageBridge() {
  const [messages, holder] = message.useMessage();
  useEffect(() => {
    setErrorNotifier((text) => void messages.error({ content: text, key: text }));
    return () => setErrorNotifier(null);
  }, [messages]);
  return holder;
}

/** The theme and locale alone: around one antd part of a page that is otherwise plain. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isInterfaceLanguage(i18n.language) ? i18n.language : 'en';
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    // No space inserted between two Chinese characters of a button: its name stays "首页".
    <ConfigProvider
      locale={antdLocaleOf(lang)}
      theme={themeConfig}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/** A page's antd: the theme and the toasts' message API. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <MessageBridge />
      {children}
    </AntdTheme>
  );
}
