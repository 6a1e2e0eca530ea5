import { useTranslation } from 'react-i18next';

/** What shows while a page's chunk or the session loads: light on purpose (first load). */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? 'adl-loading adl-loading-full' : 'adl-loading'} role="status">
      <span className="adl-loading-dot" aria-hidden="true" />
      <span className="adl-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
