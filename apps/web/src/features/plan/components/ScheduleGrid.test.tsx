import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Schedule } from '@adloom/domain';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import { emptySchedule } from '../schedule';
import { ScheduleGrid } from './ScheduleGrid';

beforeAll(async () => {
  await setupI18n('en');
});

/** The grid held by a parent like a form item: every change is recorded and shown. */
function renderGrid(initial: Schedule = emptySchedule()) {
  const changes: Schedule[] = [];
  function Holder() {
    const [value, setValue] = useState(initial);
    return (
      <ScheduleGrid
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Holder />);
  return { last: () => changes.at(-1), changes };
}

// By label, not by role: role queries over 200 buttons are slow in jsdom.
const cell = (name: string) => screen.getByLabelText(name);
const button = (text: string) => screen.getByText(text).closest('button') as HTMLElement;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('ScheduleGrid', { timeout: 20_000 }, () => {
  it('paints the rectangle dragged over, Monday first, into the seven hour lists', () => {
    const grid = renderGrid();
    fireEvent.mouseDown(cell('Monday 09:00'), { button: 0 });
    fireEvent.mouseEnter(cell('Tuesday 10:00'));
    fireEvent.mouseEnter(cell('Wednesday 11:00'));
    fireEvent.mouseUp(window);
    // Moving on after the release paints nothing more.
    fireEvent.mouseEnter(cell('Friday 20:00'));
    expect(grid.last()).toEqual([[9, 10, 11], [9, 10, 11], [9, 10, 11], [], [], [], []]);
    expect(cell('Tuesday 10:00').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('schedule-count').textContent).toBe('Hours selected: 9 of 168');
  });

  it('paints off when the drag starts on a chosen hour, and shrinking the drag restores', () => {
    const grid = renderGrid([range(0, 23), range(0, 23), [], [], [], [], []]);
    fireEvent.mouseDown(cell('Monday 02:00'), { button: 0 });
    fireEvent.mouseEnter(cell('Tuesday 05:00'));
    fireEvent.mouseEnter(cell('Monday 03:00'));
    fireEvent.mouseUp(window);
    expect(grid.last()).toEqual([[0, 1, ...range(4, 23)], range(0, 23), [], [], [], [], []]);
  });

  it('ignores other mouse buttons and toggles one hour from the keyboard', () => {
    const grid = renderGrid();
    fireEvent.mouseDown(cell('Sunday 23:00'), { button: 2 });
    expect(grid.changes).toHaveLength(0);
    // A keyboard activation is a click without a pointer (detail 0).
    fireEvent.click(cell('Sunday 23:00'), { detail: 0 });
    expect(grid.last()?.[6]).toEqual([23]);
    fireEvent.click(cell('Sunday 23:00'), { detail: 0 });
    expect(grid.last()?.[6]).toEqual([]);
  });

  it('fills the presets', () => {
    const grid = renderGrid();
    fireEvent.click(button('Business hours 9–18'));
    const business = range(9, 17);
    expect(grid.last()).toEqual([business, business, business, business, business, [], []]);
    fireEvent.click(button('Weekends'));
    expect(grid.last()).toEqual([[], [], [], [], [], range(0, 23), range(0, 23)]);
    fireEvent.click(button('Workdays'));
    expect(
      grid
        .last()
        ?.slice(0, 5)
        .every((hours) => hours.length === 24),
    ).toBe(true);
    expect(grid.last()?.slice(5)).toEqual([[], []]);
    fireEvent.click(button('Every hour'));
    expect(grid.last()?.every((hours) => hours.length === 24)).toBe(true);
    expect(screen.getByTestId('schedule-count').textContent).toBe('Hours selected: 168 of 168');
    fireEvent.click(button('Clear'));
    expect(grid.last()).toEqual(emptySchedule());
  });

  it('toggles a whole weekday row and a whole hour column', () => {
    const grid = renderGrid();
    fireEvent.click(cell('All hours of Thursday'));
    expect(grid.last()?.[3]).toEqual(range(0, 23));
    fireEvent.click(cell('All hours of Thursday'));
    expect(grid.last()?.[3]).toEqual([]);
    fireEvent.click(cell('All days at 07:00'));
    expect(grid.last()).toEqual(Array.from({ length: 7 }, () => [7]));
    fireEvent.click(cell('All days at 07:00'));
    expect(grid.last()).toEqual(emptySchedule());
  });

  it('names the weekdays in Chinese', async () => {
    await changeLanguage('zh');
    renderGrid();
    expect(cell('星期一 09:00')).toBeTruthy();
    expect(cell('星期日全天')).toBeTruthy();
    await changeLanguage('en');
  });

  it('changes nothing when disabled', () => {
    const onChange = vi.fn();
    render(<ScheduleGrid value={emptySchedule()} onChange={onChange} disabled />);
    fireEvent.mouseDown(cell('Monday 09:00'), { button: 0 });
    fireEvent.click(button('Every hour'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
