/** The labels and values of plan and strategy fields in the history drawer, as their forms name them. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreativeLanguage, listCreatives } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { useStyles } from '../../../lib/settings';
import type { FieldValueText } from '../../changes/ChangeHistoryDrawer';

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

const idsOf = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((id) => typeof id === 'number') ? value : undefined;

/**
 * A strategy's creatives, styles and languages by name in its history ("Autumn banner (#2)"
 * rather than "[2]"); an id no longer listed (a deleted creative) stays "#2". Reads the
 * owner's creatives as step 3 does, so the list is usually cached already.
 */
export function useStrategyValueText(ownerId: number): FieldValueText {
  const lang = currentLanguage();
  const creatives = useQuery(
    endpointQuery(
      listCreatives,
      { owner_id: ownerId, size: 500, sort: 'updated_at', order: 'desc' },
      { silent: true },
    ),
  );
  const styles = useStyles();
  const creativeName = new Map(creatives.data?.list.map((item) => [item.id, item.name]));
  const styleName = new Map(styles.data?.map((style) => [style.id, style.name]));
  return (field, value) => {
    if (field === 'languages' && Array.isArray(value)) {
      return value.length === 0
        ? '-'
        : value.map((code) => CreativeLanguage.label(code, lang)).join(', ');
    }
    const ids = idsOf(value);
    if (!ids || (field !== 'creative_ids' && field !== 'style_ids')) return undefined;
    if (ids.length === 0) return '-';
    const names = field === 'creative_ids' ? creativeName : styleName;
    return ids
      .map((id) => {
        const name = names.get(id);
        return name ? `${name} (#${id})` : `#${id}`;
      })
      .join(', ');
  };
}
