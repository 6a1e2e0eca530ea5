/**
 * /report/countryReport (docs/product/reports.md#report-screens: account and plan country reports): the engine grouped by
 * country, for the whole account or plan by plan. Each tab keeps its own saved configs.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportWorkspace } from '../components/ReportWorkspace';
import { COUNTRY_ACCOUNT_REPORT, COUNTRY_PLAN_REPORT } from '../model/presets';
import styles from '../components/report.module.css';

export function CountryReportPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className={styles.title}>{t('menu.countryReport')}</h1>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'account',
            label: t('report.country.account'),
            children: <ReportWorkspace preset={COUNTRY_ACCOUNT_REPORT} />,
          },
          {
            key: 'plan',
            label: t('report.country.plan'),
            children: <ReportWorkspace preset={COUNTRY_PLAN_REPORT} />,
          },
        ]}
      />
    </>
  );
}
