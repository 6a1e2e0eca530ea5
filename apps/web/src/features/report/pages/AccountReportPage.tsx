/** /report/index, the account report (docs/product/reports.md#report-screens; role adController): the engine's defaults. */
import { useTranslation } from 'react-i18next';
import { ReportWorkspace } from '../components/ReportWorkspace';
import { ACCOUNT_REPORT } from '../model/presets';
import styles from '../components/report.module.css';

export function AccountReportPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className={styles.title}>{t('menu.accountReport')}</h1>
      <ReportWorkspace preset={ACCOUNT_REPORT} />
    </>
  );
}
