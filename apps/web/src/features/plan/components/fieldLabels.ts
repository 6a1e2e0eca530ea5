/** The labels of plan and strategy fields in the history drawer, as their forms name them. */
import { useTranslation } from 'react-i18next';

const FIELD_KEYS: Record<string, string> = {
  name: 'plan.form.name',
  budget: 'plan.form.budget',
  bid: 'plan.form.bid',
  billing: 'plan.form.billing',
  schedule: 'plan.form.schedule',
  start_at: 'plan.form.startAt',
  end_at: 'plan.form.endAt',
  times_per_user: 'plan.form.timesPerUser',
  frequency_per_user: 'plan.form.frequencyPerUser',
  interval_seconds: 'plan.form.interval',
  cache_seconds: 'plan.form.cache',
  iab_category: 'plan.form.iabCategory',
  status: 'list.status',
  creation_step: 'plan.list.step',
  published_at: 'plan.list.publishedAt',
  style_ids: 'plan.strategy.styles',
  languages: 'plan.strategy.languages',
  targeting: 'plan.strategy.targeting',
  creative_ids: 'plan.strategy.creatives',
};

export function useFieldLabel(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const key = FIELD_KEYS[field];
    return key ? t(key) : undefined;
  };
}
