import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_SETTINGS, type ReportSettings } from '../model/settings';
import { storageKeyOf } from '../model/storage';
import { useSavedReportConfigs } from './useSavedReportConfigs';

const BY_COUNTRY: ReportSettings = {
  ...DEFAULT_SETTINGS,
  checkedDimensions: ['date', 'country'],
  filterList: [{ dimension: 'os', mode: 'exclude', values: ['2'] }],
};
const BY_PLAN: ReportSettings = {
  ...DEFAULT_SETTINGS,
  checkedDimensions: ['plan'],
  checkedMetrics: ['cost', 'click'],
  chartConfig2: { metric1: 'click', metric2: 'cpc' },
};

const KEY = storageKeyOf(7, 'account');

function renderConfigs(userId: number | string = 7, scope = 'account') {
  return renderHook(() => useSavedReportConfigs({ userId, scope }));
}

function stored(): { currentId: string | null; configs: { id: string; modify: boolean }[] } {
  return JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as never;
}

afterEach(() => window.localStorage.clear());

describe('useSavedReportConfigs', () => {
  it('starts with no config and no current one', () => {
    const { result } = renderConfigs();
    expect(result.current.configs).toEqual([]);
    expect(result.current.current).toBeUndefined();
    expect(result.current.save(BY_COUNTRY)).toBeUndefined();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('saves as new with the spec fields, the name, and the modify flag set', () => {
    const { result } = renderConfigs();
    act(() => void result.current.saveAs('  By country ', BY_COUNTRY));
    const config = result.current.current;
    expect(config).toMatchObject({ name: 'By country', modify: true, ...BY_COUNTRY });
    expect(Object.keys(config ?? {}).sort()).toEqual(
      [
        'chartConfig1',
        'chartConfig2',
        'checkedDimensions',
        'checkedMetrics',
        'filterList',
        'id',
        'modify',
        'name',
      ].sort(),
    );
    expect(stored()).toMatchObject({ currentId: config?.id, configs: [{ modify: true }] });
  });

  it('loading clears the flag, saving sets it again and stores the new settings', () => {
    const { result } = renderConfigs();
    let id = '';
    act(() => void (id = result.current.saveAs('Mine', BY_COUNTRY).id));
    act(() => void result.current.load(id));
    expect(result.current.current?.modify).toBe(false);
    expect(stored().configs[0]?.modify).toBe(false);

    act(() => void result.current.save(BY_PLAN));
    expect(result.current.current).toMatchObject({ id, modify: true, ...BY_PLAN });
    expect(stored().configs[0]?.modify).toBe(true);
  });

  it('switching makes another config current and clears the flag on both', () => {
    const { result } = renderConfigs();
    let first = '';
    act(() => void (first = result.current.saveAs('First', BY_COUNTRY).id));
    act(() => void result.current.saveAs('Second', BY_PLAN));
    expect(result.current.current?.name).toBe('Second');

    let loaded: ReturnType<typeof result.current.load>;
    act(() => void (loaded = result.current.load(first)));
    expect(loaded).toMatchObject({ name: 'First', modify: false, ...BY_COUNTRY });
    expect(result.current.current?.id).toBe(first);
    const second = result.current.configs.find((config) => config.name === 'Second');
    // Switching clears the flag of the config switched away from too.
    expect(second?.modify).toBe(false);
    expect(stored().configs.map((config) => config.modify)).toEqual([false, false]);
  });

  it('survives a reload: a new hook reads the configs and the current one back', () => {
    const first = renderConfigs();
    act(() => void first.result.current.saveAs('Kept', BY_PLAN));
    first.unmount();
    const { result } = renderConfigs();
    expect(result.current.configs).toHaveLength(1);
    expect(result.current.current).toMatchObject({ name: 'Kept', modify: true, ...BY_PLAN });
  });

  it('keeps each user and screen apart', () => {
    const mine = renderConfigs(7, 'account');
    act(() => void mine.result.current.saveAs('Mine', BY_PLAN));
    expect(renderConfigs(8, 'account').result.current.configs).toEqual([]);
    expect(renderConfigs(7, 'ssp').result.current.configs).toEqual([]);
  });

  it('deletes a config; deleting the current one leaves none current', () => {
    const { result } = renderConfigs();
    let id = '';
    act(() => void result.current.saveAs('One', BY_COUNTRY));
    act(() => void (id = result.current.saveAs('Two', BY_PLAN).id));
    act(() => result.current.remove(id));
    expect(result.current.configs.map((config) => config.name)).toEqual(['One']);
    expect(result.current.current).toBeUndefined();
    expect(stored().currentId).toBeNull();
  });

  it('ignores a corrupt stored value safely', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(renderConfigs().result.current.configs).toEqual([]);
    window.localStorage.setItem(KEY, JSON.stringify({ configs: 'nope' }));
    expect(renderConfigs().result.current.configs).toEqual([]);
    window.localStorage.setItem(KEY, JSON.stringify(null));
    expect(renderConfigs().result.current.configs).toEqual([]);
  });

  it('drops stored configs that do not fit, keeps the good ones', () => {
    const good = { id: 'a1', name: 'Good', modify: false, ...BY_PLAN };
    window.localStorage.setItem(
      KEY,
      JSON.stringify({
        currentId: 'bad',
        configs: [
          good,
          { ...good, id: 'bad', checkedDimensions: ['planet'] },
          { ...good, id: 'b2', checkedMetrics: [] },
          { ...good, id: 'c3', modify: 'yes' },
          'junk',
        ],
      }),
    );
    const { result } = renderConfigs();
    expect(result.current.configs).toEqual([good]);
    // The current id pointed at a dropped config: none is current.
    expect(result.current.current).toBeUndefined();
  });
});
