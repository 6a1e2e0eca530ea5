/**
 * The plan's hours of the week (docs/product/advertising.md#schedule hour and week, UTC+00:00): 7 weekday rows × 24 hour
 * columns. Press and drag to paint a rectangle on (starting on an empty cell) or off
 * (starting on a chosen one); a weekday or hour header toggles its row or column; presets
 * fill common shapes. A form control: `value` / `onChange` carry the contract's schedule.
 * Every cell is a toggle button, so the keyboard works too.
 */
import { useEffect, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import {
  DAYS,
  HOURS_PER_DAY,
  SCHEDULE_PRESETS,
  countHours,
  dayName,
  hourLabel,
  isSelected,
  normalizeSchedule,
  paintRect,
  toggleDay,
  toggleHour,
  type Cell,
  type SchedulePreset,
} from '../schedule';
import styles from './ScheduleGrid.module.css';

interface Drag {
  base: Schedule;
  anchor: Cell;
  on: boolean;
}

const PRESETS: SchedulePreset[] = ['everyHour', 'workdays', 'weekends', 'businessHours', 'clear'];

export function ScheduleGrid({
  value,
  onChange,
  id,
  disabled = false,
}: {
  value?: Schedule;
  onChange?: (schedule: Schedule) => void;
  /** The form item's id, so its label names the grid. */
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const schedule = normalizeSchedule(value);
  const [drag, setDrag] = useState<Drag | null>(null);

  const change = (next: Schedule) => {
    if (!disabled) onChange?.(next);
  };

  // A drag ends wherever the button is released, even outside the grid.
  useEffect(() => {
    if (!drag) return;
    const end = () => setDrag(null);
    window.addEventListener('mouseup', end);
    return () => window.removeEventListener('mouseup', end);
  }, [drag]);

  const start = (cell: Cell, button: number) => {
    if (disabled || button !== 0) return;
    const on = !isSelected(schedule, cell);
    const next: Drag = { base: schedule, anchor: cell, on };
    setDrag(next);
    change(paintRect(schedule, cell, cell, on));
  };

  const extend = (cell: Cell) => {
    if (!drag) return;
    change(paintRect(drag.base, drag.anchor, cell, drag.on));
  };

  const count = countHours(schedule);

  return (
    <div className={styles.wrap} id={id}>
      <Space wrap size={[8, 8]} className={styles.presets}>
        <Typography.Text type="secondary">{t('plan.schedule.presets')}</Typography.Text>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            disabled={disabled}
            onClick={() => change(SCHEDULE_PRESETS[preset]())}
          >
            {t(`plan.schedule.preset.${preset}`)}
          </Button>
        ))}
        <Typography.Text strong data-testid="schedule-count">
          {t('plan.schedule.count', { count })}
        </Typography.Text>
      </Space>
      <div className={styles.scroller}>
        <table
          className={styles.grid}
          aria-label={t('plan.schedule.gridLabel')}
          onDragStart={(event) => event.preventDefault()}
        >
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                <span className={styles.utc}>UTC+00:00</span>
              </th>
              {Array.from({ length: HOURS_PER_DAY }, (_, hour) => (
                <th key={hour} scope="col">
                  <button
                    type="button"
                    className={styles.hourHead}
                    disabled={disabled}
                    aria-label={t('plan.schedule.toggleHour', { hour: hourLabel(hour) })}
                    onClick={() => change(toggleHour(schedule, hour))}
                  >
                    {hourLabel(hour)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: DAYS }, (_, day) => (
              <tr key={day}>
                <th scope="row">
                  <button
                    type="button"
                    className={styles.dayHead}
                    disabled={disabled}
                    aria-label={t('plan.schedule.toggleDay', { day: dayName(day, lang) })}
                    onClick={() => change(toggleDay(schedule, day))}
                  >
                    {dayName(day, lang)}
                  </button>
                </th>
                {Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
                  const cell = { day, hour };
                  const on = isSelected(schedule, cell);
                  return (
                    <td key={hour} className={styles.cellBox}>
                      <button
                        type="button"
                        className={on ? `${styles.cell} ${styles.on}` : styles.cell}
                        aria-pressed={on}
                        aria-label={`${dayName(day, lang)} ${hourLabel(hour)}:00`}
                        disabled={disabled}
                        onMouseDown={(event) => start(cell, event.button)}
                        onMouseEnter={() => extend(cell)}
                        // Keyboard (Enter / Space) clicks have no pointer: toggle the cell.
                        onClick={(event) => {
                          if (event.detail === 0) change(paintRect(schedule, cell, cell, !on));
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Typography.Text type="secondary" className={styles.hint}>
        {t('plan.schedule.hint')}
      </Typography.Text>
    </div>
  );
}
