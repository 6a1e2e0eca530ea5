/**
 * Ant Design around the pages that use it (the shell and the error pages): the theme, the
 * locale of the interface language and the message API for the api client's toasts. Kept
 * out of the entry chunk so that /login loads no antd at all. A user who asked the system for
 * less motion gets dialogs, menus and messages without their animations.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { isInterfaceLanguage } from '@adloom/domain';
import { antdLocaleOf } from '../lib/i18n';
import { usePrefersReducedMotion } from '../lib/mediaQuery';
import { watchTableAccessibility } from '../lib/tableA11y';
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

export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  useEffect(() => watchTableAccessibility(), []);
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
      <MessageBridge />
      {children}
    </ConfigProvider>
  );
}
