/**
 * A searchable select of the caller's plans (the server searches as one types). The chosen
 * plan stays offered whatever the search finds, so its name never turns into a bare id.
 */
import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlanChoices } from '../api';

const SEARCH_DEBOUNCE_MS = 300;

interface PlanChoice {
  value: number;
  label: string;
}

export function PlanSelect({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<PlanChoice | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const plans = usePlanChoices(keyword);
  const options = useMemo(() => {
    const found: PlanChoice[] = (plans.data?.list ?? []).map((plan) => ({
      value: plan.id,
      label: t('delivery.candidates.idName', { name: plan.name, id: plan.id }),
    }));
    const keep = chosen && chosen.value === value && !found.some((o) => o.value === value);
    return keep ? [chosen, ...found] : found;
  }, [plans.data, chosen, value, t]);
  return (
    <Select<number, PlanChoice>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder={t('delivery.form.planPlaceholder')}
      loading={plans.isFetching}
      value={value ?? undefined}
      onChange={(next, option) => {
        setChosen(option && !Array.isArray(option) ? option : null);
        onChange?.(next ?? null);
      }}
      options={options}
    />
  );
}
