/**
 * /system/parameter: operator-set system parameters (issue 19). For now the fund approval
 * threshold: top-ups and upward adjustments above it wait for a second fund manager. Saved
 * as a noted write; its history is the change log's.
 */
import { Alert, Button, Form, Input, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZSystemParametersForm,
  formatDateTime,
  fromMicros,
  getSystemParameters,
  modifySystemParameters,
  type EndpointBody,
} from '@adloom/domain';
import { call, errorText, type ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { zodRule } from '../../../lib/zodRule';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { SettingsCard, useHistory, useInvalidate } from '../shared';
import { showMoney } from '../../../lib/money';

interface ParametersForm {
  fund_approval_threshold: string;
}

/** The one row of system parameters has id 1 in the change log. */
const PARAMETERS_ID = 1;

export function SystemParametersPage() {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery(getSystemParameters, undefined, { silent: true }));
  const refresh = useInvalidate(getSystemParameters);
  const noted = useNotedWrite();
  const history = useHistory();
  const [form] = Form.useForm<ParametersForm>();
  const loaded = query.data;
  const before = loaded
    ? { fund_approval_threshold: String(fromMicros(loaded.fund_approval_threshold)) }
    : null;

  const save = async (values: ParametersForm) => {
    if (!before) return;
    const result = await noted.write({
      targetType: 'systemParameter',
      method: 'modify',
      target: PARAMETERS_ID,
      before,
      after: { fund_approval_threshold: values.fund_approval_threshold.trim() },
      form,
      send: ({ id: _id, ...body }) =>
        call(modifySystemParameters, {
          body: body as EndpointBody<typeof modifySystemParameters>,
          silent: true,
        }),
    });
    if (result.status === 'done') await refresh();
  };

  return (
    <SettingsCard title={t('menu.parameter')}>
      {noted.holder}
      {query.error ? (
        <Alert
          type="error"
          showIcon
          title={t('list.loadFailed')}
          description={errorText(query.error as ApiError, currentLanguage())}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !loaded || !before ? (
        <Spin />
      ) : (
        <Form<ParametersForm>
          key={loaded.updated_at ?? 'defaults'}
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          initialValues={before}
          onFinish={(values) => void save(values)}
        >
          <Form.Item
            label={t('settings.fundApprovalThreshold')}
            name="fund_approval_threshold"
            extra={t('settings.fundApprovalThresholdHelp', {
              threshold: showMoney(loaded.fund_approval_threshold),
            })}
            rules={[zodRule(ZSystemParametersForm, 'fund_approval_threshold')]}
          >
            <Input inputMode="decimal" autoComplete="off" maxLength={24} />
          </Form.Item>
          <p>
            {loaded.updated_at
              ? t('settings.parametersUpdated', { time: formatDateTime(loaded.updated_at) })
              : t('settings.parametersDefault')}
          </p>
          <Space>
            <Button type="primary" htmlType="submit" loading={noted.pending}>
              {t('list.save')}
            </Button>
            <Button
              onClick={() =>
                history.show({
                  targetType: 'systemParameter',
                  id: PARAMETERS_ID,
                  name: t('menu.parameter'),
                })
              }
            >
              {t('settings.history')}
            </Button>
          </Space>
        </Form>
      )}
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={(field) =>
          field === 'fund_approval_threshold' ? t('settings.fundApprovalThreshold') : undefined
        }
      />
    </SettingsCard>
  );
}
