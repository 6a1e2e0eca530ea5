import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when rendering a route throws (a failed chunk load after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div className="adl-loading adl-loading-full" role="alert">
      <p>{t('error.pageCrashed')}</p>
      <button type="button" className="adl-plain-button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
