/**
 * /dashboard (docs/product/reports.md#dashboard), content by role: advertisers' balance, spend and delivery counts
 * with the publish-new-ad button; channel and supply-side roles' income; auditors' queue;
 * an agent's advertisers, an operator's supply today, finance's funds (RoleFigures); the
 * 30-day trend with a metric switch. Every card opens the screen behind it; a new user
 * is told what to do first. echarts, the role tables and the ledger load only when shown.
 */
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type DashboardSummary, type DashboardTrendMetric, type Role } from '@adloom/domain';
import { lazyWithAntd } from '../../../app/lazyWithAntd';
import { useSession } from '../../../app/session';
import { CompactFigure } from '../../../components/figures/CompactFigure';
import { Loading } from '../../../app/Loading';
import { NearViewport } from '../../../components/NearViewport';
import { useDashboardSummary } from '../api';
import {
  LEDGER_PARAM,
  dashboardSections,
  hasTraffic,
  mayOpen,
  trendMetrics,
  trendReport,
  type DashboardCard,
} from '../cards';
import styles from './DashboardPage.module.css';

const TrendChart = lazy(() =>
  import('../components/TrendChart').then((m) => ({ default: m.TrendChart })),
);
// The page's first screen (heading, publish button, figure cards) is plain markup: it paints
// before antd has loaded, and the parts below that use antd bring it with its theme
// (docs/decisions/dashboard-first-load.md).
// Tables of an agent's, an operator's and finance's own figures: Ant Design's table is the
// heaviest part of the page, and an advertiser's dashboard shows none.
const RoleFigures = lazyWithAntd(() =>
  import('../components/RoleFigures').then((m) => m.RoleFigures),
);
// Only a summary that failed to load shows it.
const SummaryFailed = lazyWithAntd(() =>
  import('../components/SummaryFailed').then((m) => m.SummaryFailed),
);
const OwnLedgerDrawer = lazyWithAntd(() =>
  import('../components/OwnLedgerDrawer').then((m) => m.OwnLedgerDrawer),
);
const Segmented = lazyWithAntd(() => import('antd/es/segmented').then((m) => m.default));
const Empty = lazyWithAntd(() => import('antd/es/empty').then((m) => m.default));

const TREND_HEIGHT = 300;
/** antd's Segmented and Empty, the places they hold until they come near the screen. */
const SEGMENTED_HEIGHT = 32;
const EMPTY_HEIGHT = 160;
// The place the role tables hold until they come near the screen: below the cards on a
// phone, where they and antd's table are neither fetched nor drawn until scrolled towards.
const ROLE_FIGURES_HEIGHT = 400;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A figure card: plain markup styled by the page's CSS module rather than antd's Card and
 * Statistic, whose run-time style generation (and the tabs Card brings) made the longest
 * tasks of the dashboard's first render on a phone (docs/decisions/dashboard-first-load.md).
 */
function StatCard({ card }: { card: DashboardCard }) {
  const { t } = useTranslation();
  const body = (
    <div className={card.to ? `${styles.card} ${styles.cardHoverable}` : styles.card} data-stat>
      <div className={styles.cardTitle}>{t(`dashboard.${card.key}`)}</div>
      <div className={styles.cardValue} data-stat-value>
        <CompactFigure value={card.value} kind={card.kind} />
      </div>
    </div>
  );
  return card.to ? (
    <Link to={card.to} className={styles.cardLink} data-testid={`dashboard-card-${card.key}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.cardLink} data-testid={`dashboard-card-${card.key}`}>
      {body}
    </div>
  );
}

/** What a new user does first, when nothing runs yet. */
function GettingStarted({ roles, data }: { roles: readonly Role[]; data: DashboardSummary }) {
  const { t } = useTranslation();
  const steps: { text: string; to?: string; action?: string }[] = [];
  const link = (text: string, to: string, action: string) =>
    mayOpen(to, roles) ? { text, to, action } : { text };
  if (data.spendToday !== null && (data.livePlans ?? 0) === 0) {
    if ((data.balance ?? 0) <= 0) steps.push({ text: t('dashboard.start.topUp') });
    steps.push(
      link(t('dashboard.start.creative'), '/ad/idea', t('dashboard.start.toCreatives')),
      link(t('dashboard.start.plan'), '/ad/plan/new', t('dashboard.start.toPlan')),
    );
  } else if (
    data.incomeScope !== null &&
    data.incomeScope !== 'users' &&
    !hasTraffic(data.trend) &&
    mayOpen('/ssp/media', roles)
  ) {
    steps.push(
      link(t('dashboard.start.media'), '/ssp/media', t('dashboard.start.toMedia')),
      link(t('dashboard.start.slot'), '/ssp/slot', t('dashboard.start.toSlots')),
    );
    if (mayOpen('/ssp/dsp', roles)) {
      steps.push(link(t('dashboard.start.dsp'), '/ssp/dsp', t('dashboard.start.toDsp')));
    }
  }
  if (steps.length === 0) return null;
  return (
    <Section title={t('dashboard.start.title')}>
      <div className={styles.card}>
        <ol className={styles.steps} data-testid="dashboard-start">
          {steps.map((step) => (
            <li key={step.text}>
              {step.text} {step.to && step.action && <Link to={step.to}>{step.action}</Link>}
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}

function Trend({ roles, data }: { roles: readonly Role[]; data: DashboardSummary }) {
  const { t } = useTranslation();
  const metrics = trendMetrics(data);
  const [chosen, setChosen] = useState<DashboardTrendMetric | undefined>();
  const metric = chosen && metrics.includes(chosen) ? chosen : metrics[0];
  if (!metric) return null;
  const report = trendReport(roles);
  const name = t(`dashboard.metric.${metric}`);
  return (
    <Section title={t('dashboard.trend')}>
      <div className={styles.card}>
        <div className={styles.trendBar}>
          {/* Below the cards on a phone: antd's switch loads when it comes near the screen. */}
          <NearViewport height={SEGMENTED_HEIGHT}>
            <Suspense fallback={<span className={styles.segmentedPlace} />}>
              <Segmented
                aria-label={t('dashboard.trendMetric')}
                value={metric}
                onChange={(value) => setChosen(value as DashboardTrendMetric)}
                options={metrics.map((value) => ({
                  value,
                  label: t(`dashboard.metric.${value}`),
                }))}
              />
            </Suspense>
          </NearViewport>
          {report && <Link to={report}>{t('dashboard.openReport')}</Link>}
        </div>
        {hasTraffic(data.trend) ? (
          <NearViewport height={TREND_HEIGHT}>
            <Suspense fallback={<Loading />}>
              <TrendChart
                trend={data.trend}
                metric={metric}
                name={name}
                height={TREND_HEIGHT}
                label={t('dashboard.trendOf', { metric: name })}
              />
            </Suspense>
          </NearViewport>
        ) : (
          <NearViewport height={EMPTY_HEIGHT}>
            <Suspense fallback={<Loading />}>
              <Empty
                description={
                  data.spendToday !== null
                    ? t('dashboard.noTrafficAdvertiser')
                    : t('dashboard.noTraffic')
                }
              />
            </Suspense>
          </NearViewport>
        )}
      </div>
    </Section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roles, user } = useSession();
  const summary = useDashboardSummary();
  // The cards, tables and trend are drawn in a background render that yields to the browser
  // between components, not in one long task the moment the summary arrives.
  const data = useDeferredValue(summary.data);
  const [params, setParams] = useSearchParams();
  const ledgerOpen = params.get(LEDGER_PARAM) !== null;

  const header = (
    <div className={styles.header}>
      <h1 className={styles.title}>{t('menu.dashboard')}</h1>
      {mayOpen('/ad/plan/new', roles) && (
        // antd's primary button, drawn by the page's CSS.
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => void navigate('/ad/plan/new')}
        >
          <PlusOutlined aria-hidden />
          {t('dashboard.publishAd')}
        </button>
      )}
    </div>
  );

  if (summary.isError) {
    return (
      <>
        {header}
        <div className={styles.card}>
          <Suspense fallback={<Loading />}>
            <SummaryFailed
              message={summary.error.message}
              retrying={summary.isFetching}
              onRetry={() => void summary.refetch()}
            />
          </Suspense>
        </div>
      </>
    );
  }

  if (data === undefined) {
    return (
      <>
        {header}
        <div className={styles.cards} aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className={styles.card}>
              <div className={styles.placeholderTitle} />
              <div className={styles.placeholderValue} />
            </div>
          ))}
        </div>
      </>
    );
  }

  const sections = dashboardSections(data, roles);
  const hasTrend = trendMetrics(data).length > 0;

  return (
    <>
      {header}
      <GettingStarted roles={roles} data={data} />
      {sections.map((section) => (
        <Section key={section.key} title={t(`dashboard.section.${section.key}`)}>
          <div className={styles.cards}>
            {section.cards.map((card) => (
              <StatCard key={card.key} card={card} />
            ))}
          </div>
        </Section>
      ))}
      {(data.clients || data.supply || data.finance) && (
        <NearViewport height={ROLE_FIGURES_HEIGHT}>
          <Suspense fallback={<Loading />}>
            <RoleFigures data={data} />
          </Suspense>
        </NearViewport>
      )}
      <Trend roles={roles} data={data} />
      {sections.length === 0 && !hasTrend && !data.clients && !data.supply && !data.finance && (
        <div className={styles.card}>
          <Suspense fallback={<Loading />}>
            <Empty description={t('dashboard.nothing')}>
              <Link to="/user/index">{t('dashboard.toProfile')}</Link>
            </Empty>
          </Suspense>
        </div>
      )}
      {ledgerOpen && (
        <Suspense fallback={null}>
          <OwnLedgerDrawer
            userId={user?.id ?? null}
            onClose={() =>
              setParams(
                (current) => {
                  current.delete(LEDGER_PARAM);
                  return current;
                },
                { replace: true },
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
