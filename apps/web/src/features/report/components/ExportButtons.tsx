/** Export of the report on screen (every row, totals last) as CSV or Excel. */
import { useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportExportFormat, ReportQuery } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { fetchReportExport, saveFile } from '../download';

/** The export request of a table query: the same report without its page, in the interface language. */
export function exportRequestOf(query: ReportQuery, format: ReportExportFormat) {
  const { page: _page, size: _size, ...view } = query;
  return { ...view, format, lang: currentLanguage() };
}

export function ExportButtons({ query, disabled }: { query: ReportQuery; disabled?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const download = async (format: ReportExportFormat) => {
    setBusy(format);
    try {
      const { blob, name } = await fetchReportExport(exportRequestOf(query, format));
      saveFile(blob, name);
    } catch {
      // The api client has shown why (toast, or the way to /login or /401).
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'csv'}
        disabled={disabled || (busy !== null && busy !== 'csv')}
        onClick={() => void download('csv')}
      >
        {t('report.export.csv')}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'xlsx'}
        disabled={disabled || (busy !== null && busy !== 'xlsx')}
        onClick={() => void download('xlsx')}
      >
        {t('report.export.excel')}
      </Button>
    </Space>
  );
}
