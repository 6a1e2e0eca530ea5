/** The dashboard's warning when its summary did not load, with a retry (antd's Result). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function SummaryFailed({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('dashboard.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
