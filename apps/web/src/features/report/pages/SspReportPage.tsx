/**
 * /sspReport/index, the supply-side report (docs/product/reports.md#report-screens; role system): the ADX views — hourly
 * and daily by total, DSP, media, slot; by media, DSP, app version, country — as a view
 * selector over the engine, income and fill rate first.
 */
import { useTranslation } from 'react-i18next';
import { ReportWorkspace } from '../components/ReportWorkspace';
import { ADX_VIEWS, SSP_REPORT } from '../model/presets';
import styles from '../components/report.module.css';

export function SspReportPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className={styles.title}>{t('menu.sspReport')}</h1>
      <ReportWorkspace preset={SSP_REPORT} views={ADX_VIEWS} />
    </>
  );
}
