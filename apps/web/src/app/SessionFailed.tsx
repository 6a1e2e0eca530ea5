import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api';
import { currentLanguage } from '../lib/i18n';
import { useSession } from './session';

/** The session could not be loaded (no connection, a server error): say why, offer a retry. */
export function SessionFailed() {
  const { t } = useTranslation();
  const { error, retry } = useSession();
  return (
    <div className="adl-loading adl-loading-full" role="alert">
      {error && <p>{errorText(error, currentLanguage())}</p>}
      <button type="button" className="adl-plain-button" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
