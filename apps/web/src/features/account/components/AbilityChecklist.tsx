/**
 * The ability assignment of docs/product/roles-and-access.md#granting-abilities: every bit by name with its meaning in the interface
 * language; only the bits the acting user may grant can change. The checkbox is named by
 * the bit's name alone and described by its meaning.
 */
import { useId } from 'react';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { ABILITY_LIST } from '../api';
import { currentLanguage } from '../../../lib/i18n';
import styles from './AbilityChecklist.module.css';

export function AbilityChecklist({
  id,
  value,
  onChange,
  grantable,
  disabled = false,
}: {
  id?: string;
  value?: number[];
  onChange?: (bits: number[]) => void;
  /** The mask the acting user may grant. */
  grantable: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const prefix = useId();
  return (
    <div id={id} role="group" aria-label={t('account.abilities')}>
      <Checkbox.Group className={styles.list} value={value} onChange={(bits) => onChange?.(bits)}>
        {ABILITY_LIST.map((bit) => {
          const meaningId = `${prefix}-${bit.name}`;
          return (
            <div key={bit.name} className={styles.item}>
              <Checkbox
                value={bit.value}
                disabled={disabled || (grantable & bit.value) !== bit.value}
                aria-describedby={meaningId}
              >
                {bit[lang]}
              </Checkbox>
              <div id={meaningId} className={styles.meaning}>
                {bit.meaning[lang]}
              </div>
            </div>
          );
        })}
      </Checkbox.Group>
    </div>
  );
}
