/** A plan at a glance: the schedule in words, and the fields of the plan form (step 4). */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Billing, formatCount, formatDateTime, type Plan } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { dayName, summarizeSchedule } from '../schedule';
import { PlanStatusTag } from './PlanStatusTag';
import { showMoney } from '../../../lib/money';

export function ScheduleSummaryText({ schedule }: { schedule: readonly (readonly number[])[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const summary = summarizeSchedule(schedule);
  switch (summary.kind) {
    case 'always':
      return <>{t('plan.schedule.summary.always')}</>;
    case 'never':
      return <>{t('plan.schedule.summary.never')}</>;
    case 'daily':
      return <>{t('plan.schedule.summary.daily', { hours: summary.ranges.join(', ') })}</>;
    case 'days':
      return (
        <>
          {t('plan.schedule.summary.days', {
            days: summary.days
              .map((day) => dayName(day, lang))
              .join(t('plan.schedule.summary.separator')),
            hours: summary.ranges.join(', '),
          })}
        </>
      );
    default:
      return <>{t('plan.schedule.summary.hours', { count: summary.count })}</>;
  }
}

const MINUTES = '{y}-{m}-{d} {h}:{i}';

/** "start – end (UTC)" to the minute; an open end reads "until stopped". */
export function PlanPeriod({
  plan,
  stacked = false,
}: {
  plan: Pick<Plan, 'start_at' | 'end_at'>;
  /** The end on its own line (narrow table cells). */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const start = formatDateTime(plan.start_at, { pattern: MINUTES });
  const end = plan.end_at
    ? formatDateTime(plan.end_at, { pattern: MINUTES })
    : t('plan.list.noEnd');
  if (!stacked) return <>{`${start} – ${end}`}</>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {start}
      <br />– {end}
    </span>
  );
}

function capText(value: number, unlimited: string, text: string): string {
  return value === 0 ? unlimited : text;
}

export function PlanSummary({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const unlimited = t('plan.summary.unlimited');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('plan.form.name'), children: plan.name },
        { key: 'status', label: t('list.status'), children: <PlanStatusTag plan={plan} /> },
        {
          key: 'billing',
          label: t('plan.form.billing'),
          children: Billing.label(plan.billing, lang),
        },
        { key: 'budget', label: t('plan.form.budget'), children: showMoney(plan.budget) },
        {
          key: 'bid',
          label: t('plan.form.bid'),
          children: plan.bid > 0 ? showMoney(plan.bid) : t('plan.list.bidPerStrategy'),
        },
        {
          key: 'period',
          label: t('plan.list.period'),
          children: <PlanPeriod plan={plan} />,
        },
        {
          key: 'schedule',
          label: t('plan.form.schedule'),
          children: <ScheduleSummaryText schedule={plan.schedule} />,
        },
        {
          key: 'times',
          label: t('plan.form.timesPerUser'),
          children: capText(plan.times_per_user, unlimited, formatCount(plan.times_per_user)),
        },
        {
          key: 'frequency',
          label: t('plan.form.frequencyPerUser'),
          children: capText(
            plan.frequency_per_user,
            unlimited,
            t('plan.summary.frequency', {
              count: plan.frequency_per_user,
              seconds: formatCount(plan.interval_seconds),
            }),
          ),
        },
        {
          key: 'cache',
          label: t('plan.form.cache'),
          children: t('plan.summary.seconds', { seconds: formatCount(plan.cache_seconds) }),
        },
      ]}
    />
  );
}
