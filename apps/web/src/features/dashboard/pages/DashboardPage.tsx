/**
 * /dashboard (spec §2): money cards, plan and creative counts, the publish-new-ad button
 * for ad controllers, and the 30-day trend chart (echarts, loaded only here).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Statistic } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, type DashboardSummary } from '@adloom/domain';
import { useSession } from '../../../app/session';
import { Loading } from '../../../app/Loading';
import { useDashboardSummary } from '../api';
import styles from './DashboardPage.module.css';

const TrendChart = lazy(() =>
  import('../components/TrendChart').then((m) => ({ default: m.TrendChart })),
);

type MoneyKey = keyof Pick<
  DashboardSummary,
  | 'balance'
  | 'spendToday'
  | 'costThisMonth'
  | 'incomeToday'
  | 'incomeYesterday'
  | 'incomeThisMonth'
  | 'incomeLastMonth'
>;
type CountKey = keyof Pick<
  DashboardSummary,
  'livePlans' | 'shortBalancePlans' | 'creativesUnderAudit' | 'creativesFailed'
>;

const SPENDING: readonly MoneyKey[] = ['balance', 'spendToday', 'costThisMonth'];
const INCOME: readonly MoneyKey[] = [
  'incomeToday',
  'incomeYesterday',
  'incomeThisMonth',
  'incomeLastMonth',
];
const COUNTS: readonly { key: CountKey; pending: string }[] = [
  { key: 'livePlans', pending: 'dashboard.plansPending' },
  { key: 'shortBalancePlans', pending: 'dashboard.plansPending' },
  { key: 'creativesUnderAudit', pending: 'dashboard.creativesPending' },
  { key: 'creativesFailed', pending: 'dashboard.creativesPending' },
];

function hasTraffic(trend: DashboardSummary['trend']): boolean {
  return trend.some((p) => p.impressions > 0 || p.clicks > 0 || p.cost > 0 || p.income > 0);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roles } = useSession();
  const summary = useDashboardSummary();

  const header = (
    <div className={styles.header}>
      <h1 className={styles.title}>{t('menu.dashboard')}</h1>
      {roles.includes('adController') && (
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => void navigate('/ad/plan')}
        >
          {t('dashboard.publishAd')}
        </Button>
      )}
    </div>
  );

  if (summary.isPending) {
    return (
      <>
        {header}
        <Row gutter={[16, 16]} aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <Col key={index} xs={24} sm={12} xl={6}>
              <Card>
                <Skeleton active paragraph={{ rows: 1 }} title={{ width: '40%' }} />
              </Card>
            </Col>
          ))}
        </Row>
      </>
    );
  }

  if (summary.isError) {
    return (
      <>
        {header}
        <Card>
          <Result
            status="warning"
            title={t('dashboard.loadFailed')}
            subTitle={summary.error.message}
            extra={
              <Button
                type="primary"
                onClick={() => void summary.refetch()}
                loading={summary.isFetching}
              >
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  const data = summary.data;
  const moneyCard = (key: MoneyKey) => (
    <Col key={key} xs={24} sm={12} xl={6}>
      <Card>
        <Statistic title={t(`dashboard.${key}`)} value={formatMoney(data[key])} />
      </Card>
    </Col>
  );

  return (
    <>
      {header}
      <Section title={t('dashboard.spending')}>
        <Row gutter={[16, 16]}>{SPENDING.map(moneyCard)}</Row>
      </Section>
      <Section title={t('dashboard.income')}>
        <Row gutter={[16, 16]}>{INCOME.map(moneyCard)}</Row>
      </Section>
      <Section title={t('dashboard.delivery')}>
        <Row gutter={[16, 16]}>
          {COUNTS.map(({ key, pending }) => {
            const value = data[key];
            return (
              <Col key={key} xs={24} sm={12} xl={6}>
                <Card>
                  {value === null ? (
                    <div className={styles.pending}>
                      <div className={styles.pendingTitle}>{t(`dashboard.${key}`)}</div>
                      <div className={styles.pendingText}>{t(pending)}</div>
                    </div>
                  ) : (
                    <Statistic title={t(`dashboard.${key}`)} value={formatCount(value)} />
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      </Section>
      <Section title={t('dashboard.trend')}>
        <Card>
          {hasTraffic(data.trend) ? (
            <Suspense fallback={<Loading />}>
              <TrendChart trend={data.trend} />
            </Suspense>
          ) : (
            <Empty description={t('dashboard.noTraffic')} />
          )}
        </Card>
      </Section>
    </>
  );
}
