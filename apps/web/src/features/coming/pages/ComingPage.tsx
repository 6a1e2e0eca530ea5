import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchRoute } from '@adloom/domain';

/** The `coming.*` text of a route: keyed like its `menu.*` title. */
export function comingKeyOf(titleKey: string): string {
  return `coming.${titleKey.replace(/^menu\./, '')}`;
}

/** A screen of a later release: says what it will hold, in the interface language. */
export function ComingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (!route) return null;
  const screen = t(route.titleKey);
  return (
    <Card>
      <Result
        status="info"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('coming.title', { screen })}</h1>}
        subTitle={
          <>
            <span>{t('coming.subtitle')}</span>
            <br />
            <strong>{t(comingKeyOf(route.titleKey))}</strong>
          </>
        }
      />
    </Card>
  );
}
