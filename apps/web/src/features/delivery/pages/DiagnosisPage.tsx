/**
 * /delivery/diagnosis (issue 7; roles system, ssp, adController): "why did this slot not
 * serve this plan?" The form describes a request; the server replays it on the slot
 * without serving and answers every candidate's fate with its reason code. The request
 * lives in the address, so the answer survives a reload and can be sent as a link.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '../../../components/list/editing';
import { ApiError, errorText } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/formErrors';
import { currentLanguage } from '../../../lib/i18n';
import {
  bodyOfParams,
  diagnosisBodyOf,
  formValuesOfBody,
  paramsOfBody,
  useDiagnosis,
  type DiagnosisFormValues,
} from '../api';
import { DiagnosisForm } from '../components/DiagnosisForm';
import { DiagnosisResult } from '../components/DiagnosisResult';

function FailedDiagnosis({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.fields.length > 0) {
    return <Alert type="warning" showIcon title={t('delivery.result.fixFields')} />;
  }
  const text = error instanceof ApiError ? errorText(error, currentLanguage()) : String(error);
  return (
    <Alert
      type="error"
      showIcon
      title={t('delivery.result.failed')}
      description={text}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

export function DiagnosisPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<DiagnosisFormValues>();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const body = useMemo(() => bodyOfParams(new URLSearchParams(search)), [search]);
  const diagnosis = useDiagnosis(body);
  const { error, refetch } = diagnosis;

  // A request opened from the address (a link, a reload) shows in the form.
  const [opened] = useState(body);
  useEffect(() => {
    if (opened) form.setFieldsValue(formValuesOfBody(opened));
  }, [form, opened]);

  useEffect(() => {
    if (error) applyFieldErrors(form, error);
  }, [error, form]);

  const submit = (values: DiagnosisFormValues) => {
    const next = paramsOfBody(diagnosisBodyOf(values)).toString();
    // The same request again is a fresh replay (the time "now" has moved on).
    if (next === search) void refetch();
    else setParams(new URLSearchParams(next));
  };

  return (
    <>
      <SettingsCard title={t('menu.diagnosis')}>
        <p>{t('delivery.intro')}</p>
        <DiagnosisForm form={form} submitting={diagnosis.isFetching} onSubmit={submit} />
      </SettingsCard>
      <Card title={t('delivery.result.title')} style={{ marginTop: 16 }}>
        {diagnosis.isError && !diagnosis.isFetching ? (
          <FailedDiagnosis error={diagnosis.error} onRetry={() => void refetch()} />
        ) : diagnosis.data ? (
          <Spin spinning={diagnosis.isFetching} description={t('delivery.result.running')}>
            <DiagnosisResult diagnosis={diagnosis.data} />
          </Spin>
        ) : diagnosis.isFetching ? (
          <Spin description={t('delivery.result.running')}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        ) : (
          <Empty description={t('delivery.result.placeholder')} />
        )}
      </Card>
    </>
  );
}
