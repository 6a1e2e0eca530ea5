/**
 * The root of every route: scrolls to the top when the path changes and titles the
 * document "<page title> - <product title>" (docs/product/console.md#access-rules).
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TITLE } from '@adloom/domain';
import { titleKeyOf } from './layout/navigation';

export function documentTitleOf(pathname: string, translate: (key: string) => string): string {
  const title = titleKeyOf(pathname);
  return title ? `${translate(title)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

export function AppRoot() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = documentTitleOf(pathname, (key) => t(key));
  }, [pathname, t, i18n.language]);

  return <Outlet />;
}
