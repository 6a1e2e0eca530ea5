/**
 * The one report engine's screen (docs/product/design.md#reports-engine), shaped by a preset: saved configs, an optional
 * view selector (the ADX views), date range, dimension and metric pickers, filters, the two
 * charts and the table with totals. What the pickers show is the screen's settings; the
 * config bar stores and restores them.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REPORT_MAX_DAYS,
  ReportDimension,
  ReportMetric,
  type ReportDimensionValue,
  type ReportMetricValue,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { Loading } from '../../../app/Loading';
import { currentLanguage } from '../../../lib/i18n';
import { useReportQuery } from '../api';
import { useDimensionLabel } from '../hooks/useDimensionLabel';
import { useSavedReportConfigs } from '../hooks/useSavedReportConfigs';
import { viewOf, type ReportView } from '../model/presets';
import {
  DEFAULT_DATE_PRESET,
  DEFAULT_TABLE_VIEW,
  buildReportQuery,
  isRangeTooLong,
  rangeOf,
  type DateChoice,
  type TableView,
} from '../model/query';
import {
  presetForRoles,
  sanitizeSettings,
  settingsOf,
  type ReportPreset,
  type ReportSettings,
} from '../model/settings';
import { CheckList } from './CheckList';
import { DateRangeField } from './DateRangeField';
import { ExportButtons } from './ExportButtons';
import { FilterList } from './FilterList';
import { ReportTable } from './ReportTable';
import { SavedConfigBar } from './SavedConfigBar';
import styles from './report.module.css';

const ReportCharts = lazy(() =>
  import('./ReportCharts').then((module) => ({ default: module.ReportCharts })),
);

export function ReportWorkspace(props: { preset: ReportPreset; views?: readonly ReportView[] }) {
  const { user } = useSession();
  // Saved configs belong to a user: open them once the user is known (the key is per user).
  if (!user) return <Loading />;
  return <Workspace key={user.id} {...props} />;
}

function Workspace({
  preset: screenPreset,
  views,
}: {
  preset: ReportPreset;
  /** Named dimension sets offered by a selector (the supply-side report's ADX views). */
  views?: readonly ReportView[];
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user, roles } = useSession();
  const preset = presetForRoles(screenPreset, roles);
  const saved = useSavedReportConfigs({
    userId: user?.id ?? 0,
    scope: preset.configKey,
  });
  const [settings, setSettingsState] = useState<ReportSettings>(() =>
    sanitizeSettings(saved.current ?? preset.defaults, preset),
  );
  const [dates, setDatesState] = useState<DateChoice>({ preset: DEFAULT_DATE_PRESET });
  const [view, setView] = useState<TableView>(DEFAULT_TABLE_VIEW);
  const labelOf = useDimensionLabel();

  const range = rangeOf(dates);
  const tooLong = isRangeTooLong(range);
  const query = buildReportQuery(settings, range, view, preset.scope);
  const report = useReportQuery(tooLong ? undefined : query);

  // Anything that changes which rows there are starts again on page 1.
  const setSettings = (next: ReportSettings) => {
    setSettingsState(sanitizeSettings(next, preset));
    setView((current) => ({ ...current, page: 1 }));
  };
  const setDates = (next: DateChoice) => {
    setDatesState(next);
    setView((current) => ({ ...current, page: 1 }));
  };
  const change = (part: Partial<ReportSettings>) => setSettings({ ...settings, ...part });

  const load = (id: string) => {
    const config = saved.load(id);
    if (config) setSettings(settingsOf(config));
  };

  const currentView = views ? viewOf(views, settings.checkedDimensions) : undefined;

  return (
    <div className={styles.stack}>
      <Card size="small">
        <div className={styles.stack}>
          <SavedConfigBar
            saved={saved}
            onLoad={load}
            onSave={() => saved.save(settings)}
            onSaveAs={(name) => saved.saveAs(name, settings)}
            onReset={() => setSettings(preset.defaults)}
          />
          <div className={styles.toolbar}>
            {views && (
              <Select<string>
                aria-label={t('report.view.label')}
                placeholder={t('report.view.custom')}
                value={currentView?.key}
                onChange={(key) => {
                  const chosen = views.find((candidate) => candidate.key === key);
                  if (chosen) change({ checkedDimensions: [...chosen.dimensions] });
                }}
                options={views.map((candidate) => ({
                  value: candidate.key,
                  label: t(`report.view.${candidate.key}`),
                }))}
                style={{ width: 240 }}
              />
            )}
            <DateRangeField value={dates} onChange={setDates} />
          </div>
          {tooLong && (
            <Alert
              type="warning"
              showIcon
              title={t('report.rangeTooLong', { days: REPORT_MAX_DAYS })}
            />
          )}
          <CheckList<ReportDimensionValue>
            legend={t('report.dimensions')}
            testId="report-dimensions"
            options={preset.dimensions.map((dimension) => ({
              value: dimension,
              label: ReportDimension.label(dimension, lang),
            }))}
            value={settings.checkedDimensions}
            locked={preset.locked}
            onChange={(checkedDimensions) => change({ checkedDimensions })}
          />
          <CheckList<ReportMetricValue>
            legend={t('report.metrics')}
            testId="report-metrics"
            options={preset.metrics.map((metric) => ({
              value: metric,
              label: ReportMetric.label(metric, lang),
            }))}
            value={settings.checkedMetrics}
            onChange={(checkedMetrics) => change({ checkedMetrics })}
          />
          <FilterList
            dimensions={preset.dimensions}
            value={settings.filterList}
            onChange={(filterList) => change({ filterList })}
          />
        </div>
      </Card>
      {!tooLong && (
        <Suspense fallback={<Loading />}>
          <ReportCharts
            settings={settings}
            range={range}
            preset={preset}
            labelOf={labelOf}
            // A chart's own choice leaves the table where it is.
            onChart1={(chartConfig1) => setSettingsState({ ...settings, chartConfig1 })}
            onChart2={(chartConfig2) => setSettingsState({ ...settings, chartConfig2 })}
          />
        </Suspense>
      )}
      <Card
        size="small"
        title={<h2 className={styles.chartTitle}>{t('report.data')}</h2>}
        extra={<ExportButtons query={query} disabled={tooLong} />}
      >
        <ReportTable
          settings={settings}
          result={report.data}
          loading={report.isFetching}
          error={report.error}
          onRetry={() => void report.refetch()}
          view={view}
          onView={setView}
          labelOf={labelOf}
        />
      </Card>
    </div>
  );
}
