/**
 * /dashboard (spec §2): money cards, plan and creative counts, the publish-new-ad button
 * for ad controllers, and the 30-day trend chart (echarts, loaded only here).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Statistic } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
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
const COUNTS: readonly { key: CountKey; pending: string; kind: 'plans' | 'creatives' }[] = [
  { key: 'livePlans', pending: 'dashboard.plansPending', kind: 'plans' },
  { key: 'shortBalancePlans', pending: 'dashboard.plansPending', kind: 'plans' },
  { key: 'creativesUnderAudit', pending: 'dashboard.creativesPending', kind: 'creatives' },
  { key: 'creativesFailed', pending: 'dashboard.creativesPending', kind: 'creatives' },
];

/** The screen behind a count card, when the user may open it. */
function screenOf(kind: 'plans' | 'creatives', roles: readonly string[]): string | undefined {
  if (roles.includes('adController')) return kind === 'plans' ? '/ad/plan' : '/ad/idea';
  if (kind === 'creatives' && roles.includes('adExam')) return '/ad/exam';
  return undefined;
}

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
          onClick={() => void navigate('/ad/plan/new')}
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
          {COUNTS.map(({ key, pending, kind }) => {
            const value = data[key];
            const screen = screenOf(kind, roles);
            const card = (
              <Card hoverable={screen !== undefined && value !== null}>
                {value === null ? (
                  <div className={styles.pending}>
                    <div className={styles.pendingTitle}>{t(`dashboard.${key}`)}</div>
                    <div className={styles.pendingText}>{t(pending)}</div>
                  </div>
                ) : (
                  <Statistic title={t(`dashboard.${key}`)} value={formatCount(value)} />
                )}
              </Card>
            );
            return (
              <Col key={key} xs={24} sm={12} xl={6}>
                {screen && value !== null ? <Link to={screen}>{card}</Link> : card}
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
