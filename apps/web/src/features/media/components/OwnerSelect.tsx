/**
 * A searchable select of the accounts a media may belong to (the acting user and the
 * accounts it reaches): the server searches as one types.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OwnerRef } from '@adloom/domain';
import { useMediaOwners } from '../api';

const SEARCH_DEBOUNCE_MS = 300;

export const ownerLabel = (owner: OwnerRef) =>
  owner.nickname && owner.nickname !== owner.username
    ? `${owner.nickname} (${owner.username})`
    : owner.username;

export function OwnerSelect({
  value,
  onChange,
  known,
  placeholder,
  allowClear,
  style,
  id,
  'aria-label': ariaLabel,
}: {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  /** An owner to offer whatever the search finds (the current one of an edited media). */
  known?: OwnerRef | null | undefined;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const owners = useMediaOwners(keyword);
  const options = useMemo(() => {
    const found = owners.data ?? [];
    const all = known && !found.some((owner) => owner.id === known.id) ? [known, ...found] : found;
    return all.map((owner) => ({ value: owner.id, label: ownerLabel(owner) }));
  }, [owners.data, known]);
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('media.searchOwner')}
      loading={owners.isFetching}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      style={style}
    />
  );
}
