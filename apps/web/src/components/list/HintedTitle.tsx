/**
 * A column header whose label alone may mislead: the label, dotted, with what the column
 * counts on hover. Give its column `showSorterTooltip: HINTED_SORTER_TOOLTIP` so antd's "click
 * to sort" tooltip moves to the sort icon instead of covering the hint.
 */
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import styles from './HintedTitle.module.css';

export const HINTED_SORTER_TOOLTIP = { target: 'sorter-icon' } as const;

export function HintedTitle({ label, hint }: { label: ReactNode; hint: ReactNode }) {
  return (
    <Tooltip title={hint}>
      <span className={styles.hinted}>{label}</span>
    </Tooltip>
  );
}
