/** A plan's period from a forward-looking date preset (issue 20 item 7), as the pickers hold it. */
import { resolveDatePreset, type DatePresetValue } from '@adloom/domain';
import { pickerValueOf } from './api';

/**
 * The pickers' UTC wall-clock values of a preset: from the first day's start (or now, when the
 * first day is today, so the start is not in the past) to the last day's 23:59.
 */
export function presetPeriod(preset: DatePresetValue, now: Date = new Date()) {
  const { from, to } = resolveDatePreset(preset, now);
  const today = now.toISOString().slice(0, 10);
  return {
    start_at:
      from === today ? pickerValueOf(now.toISOString()) : pickerValueOf(`${from}T00:00:00Z`),
    end_at: pickerValueOf(`${to}T23:59:00Z`),
  };
}
