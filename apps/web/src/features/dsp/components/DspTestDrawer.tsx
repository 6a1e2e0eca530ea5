/**
 * The Test action of a demand partner: sends an OpenRTB 2.6 test bid request through the
 * server (never from the browser) as soon as it opens, and shows what came back — the
 * outcome, HTTP status, latency, the bid (price, crid, markup size), the request sent and
 * the answer's body or the error.
 */
import { useEffect } from 'react';
import { Alert, Button, Collapse, Descriptions, Drawer, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { testDsp, type Dsp, type DspTestOutcome, type DspTestResult } from '@adloom/domain';
import { ApiError, call, errorText } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import styles from './dsp.module.css';
import { showMoney } from '../../../lib/money';

const OUTCOME_COLORS: Record<DspTestOutcome, string> = {
  bid: 'green',
  noBid: 'blue',
  timeout: 'orange',
  error: 'red',
  invalid: 'magenta',
};

export function OutcomeTag({ outcome }: { outcome: DspTestOutcome }) {
  const { t } = useTranslation();
  return (
    <Tag color={OUTCOME_COLORS[outcome]} data-outcome={outcome}>
      {t(`dsp.test.outcome.${outcome}`)}
    </Tag>
  );
}

/** A body as text: JSON pretty-printed, anything else as it came. */
function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function TestResult({ result }: { result: DspTestResult }) {
  const { t } = useTranslation();
  const { bid } = result;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          {
            key: 'outcome',
            label: t('dsp.test.outcomeLabel'),
            children: <OutcomeTag outcome={result.outcome} />,
          },
          {
            key: 'url',
            label: t('dsp.test.url'),
            children: <Typography.Text copyable>{result.url}</Typography.Text>,
          },
          {
            key: 'status',
            label: t('dsp.test.httpStatus'),
            children: result.http_status ?? '-',
          },
          {
            key: 'latency',
            label: t('dsp.test.latency'),
            children: (
              <span data-testid="dsp-test-latency">
                {t('dsp.test.latencyValue', {
                  value: result.latency_ms,
                  timeout: result.timeout_ms,
                })}
              </span>
            ),
          },
          ...(bid
            ? [
                {
                  key: 'price',
                  label: t('dsp.test.price'),
                  children: <span data-testid="dsp-test-price">{showMoney(bid.price)}</span>,
                },
                { key: 'crid', label: t('dsp.test.crid'), children: bid.crid ?? '-' },
                {
                  key: 'adm',
                  label: t('dsp.test.admSize'),
                  children: t('dsp.test.bytes', { value: bid.adm_size }),
                },
                { key: 'seat', label: t('dsp.test.seat'), children: bid.seat ?? '-' },
                {
                  key: 'adomain',
                  label: t('dsp.test.adomain'),
                  children: bid.adomain.length > 0 ? bid.adomain.join(', ') : '-',
                },
                { key: 'count', label: t('dsp.test.bidCount'), children: bid.bid_count },
              ]
            : []),
          {
            key: 'message',
            label: t('dsp.test.message'),
            children: <span data-testid="dsp-test-message">{result.message}</span>,
          },
        ]}
      />
      <Collapse
        size="small"
        items={[
          {
            key: 'request',
            label: t('dsp.test.request'),
            children: <pre className={styles.json}>{JSON.stringify(result.request, null, 2)}</pre>,
          },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('dsp.test.response')}</Typography.Title>
        {result.response_body === '' ? (
          <Typography.Text type="secondary">{t('dsp.test.noBody')}</Typography.Text>
        ) : (
          <pre className={styles.json}>{prettyBody(result.response_body)}</pre>
        )}
        {result.response_truncated && (
          <Typography.Text type="secondary">{t('dsp.test.truncated')}</Typography.Text>
        )}
      </div>
    </Space>
  );
}

export function DspTestDrawer({ dsp, onClose }: { dsp: Dsp | null; onClose(): void }) {
  const { t } = useTranslation();
  const test = useMutation({
    mutationFn: (id: number) => call(testDsp, { body: { id }, silent: true }),
  });
  const { mutate, reset } = test;
  const dspId = dsp?.id;
  useEffect(() => {
    if (dspId === undefined) return;
    reset();
    mutate(dspId);
  }, [dspId, mutate, reset]);

  return (
    <Drawer
      title={dsp ? t('dsp.test.title', { name: dsp.name }) : ''}
      open={dsp !== null}
      onClose={onClose}
      size={760}
      extra={
        dsp && (
          <Button onClick={() => test.mutate(dsp.id)} loading={test.isPending}>
            {t('dsp.test.again')}
          </Button>
        )
      }
    >
      {test.isPending && (
        <Space>
          <Spin />
          <Typography.Text>{t('dsp.test.running')}</Typography.Text>
        </Space>
      )}
      {test.isError && (
        <Alert
          type="error"
          showIcon
          title={t('dsp.test.failed')}
          description={
            test.error instanceof ApiError
              ? errorText(test.error, currentLanguage())
              : String(test.error)
          }
        />
      )}
      {test.isSuccess && <TestResult result={test.data} />}
    </Drawer>
  );
}
