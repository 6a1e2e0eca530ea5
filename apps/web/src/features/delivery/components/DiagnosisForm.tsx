/**
 * The request to replay: the /serve/ad facts (slot, OS, network, country, device, app,
 * ids, language, audience), an optional plan and an optional UTC replay time. Each fact
 * shows its /serve/ad parameter name and description (SERVE_AD_PARAMS), so the form also
 * teaches the integration. Slots and plans are picked from lists when the caller's roles
 * may read them, typed as ids otherwise (an advertiser does not read slots).
 */
import type { ReactNode } from 'react';
import {
  Button,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  TreeSelect,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Network,
  Platform,
  SERVE_AD_PARAMS,
  canAccess,
  diagnoseDelivery,
  listAllSlots,
  listPlans,
  type Slot,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { currentLanguage } from '../../../lib/i18n';
import { zodRule } from '../../../lib/zodRule';
import { DEFAULT_OS, useSlotChoices, type DiagnosisFormValues } from '../api';
import {
  useAudienceTree,
  useBrandChoices,
  useCountryChoices,
  useLanguageChoices,
  useModelChoices,
} from '../hooks/useRequestLists';
import { PlanSelect } from './PlanSelect';
import styles from './DiagnosisForm.module.css';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const CELL = { xs: 24, sm: 12, lg: 8 } as const;
const SCHEMA = diagnoseDelivery.body;

export const INITIAL_DIAGNOSIS_FORM: DiagnosisFormValues = { os: DEFAULT_OS, audience: [] };

/** The /serve/ad parameter's name and description under a field. */
function ParamHelp({ name, children }: { name: string; children?: ReactNode }) {
  const param = SERVE_AD_PARAMS.find((candidate) => candidate.name === name);
  return (
    <span>
      <code>{name}</code>
      {param && <> · {param.description[currentLanguage()]}</>}
      {children && <> · {children}</>}
    </span>
  );
}

const slotLabel = (slot: Slot) => `${slot.media_name} / ${slot.name} #${slot.id}`;

/** Device values: a request names one OS and one network, never "all". */
const deviceOptions = (options: { value: number; label: string }[]) =>
  options.filter((option) => option.value !== 0);

export function DiagnosisForm({
  form,
  onSubmit,
  submitting,
}: {
  form: FormInstance<DiagnosisFormValues>;
  onSubmit(values: DiagnosisFormValues): void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { roles } = useSession();
  const readsSlots = canAccess(listAllSlots.access, roles);
  const readsPlans = canAccess(listPlans.access, roles);
  const slots = useSlotChoices(readsSlots);
  const countries = useCountryChoices();
  const languages = useLanguageChoices();
  const brands = useBrandChoices();
  const brand = Form.useWatch('brand', form);
  const models = useModelChoices(brand);
  const audience = useAudienceTree();

  // A chosen slot's media says which OS and app the request comes from: fill them in.
  const prefillFromSlot = (slotId: number) => {
    const slot = slots.data?.find((candidate) => candidate.id === slotId);
    if (!slot) return;
    const values: Partial<DiagnosisFormValues> = {};
    if (slot.media_os !== Platform.all) values.os = slot.media_os;
    if (slot.media_bundle && !form.getFieldValue('app')) values.app = slot.media_bundle;
    form.setFieldsValue(values);
  };

  const textRule = (field: string) => zodRule(SCHEMA, field);

  return (
    <Form<DiagnosisFormValues>
      form={form}
      layout="vertical"
      className={styles.form}
      initialValues={INITIAL_DIAGNOSIS_FORM}
      onFinish={onSubmit}
      onValuesChange={(changed: Partial<DiagnosisFormValues>) => {
        // A model is chosen within its brand.
        if ('brand' in changed) form.setFieldValue('model', undefined);
      }}
    >
      <Divider titlePlacement="start">{t('delivery.form.request')}</Divider>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          {readsSlots ? (
            <Form.Item
              label={t('delivery.form.slot')}
              name="slot_id"
              extra={<ParamHelp name="slot_id" />}
              rules={[{ required: true, message: t('delivery.form.slotRequired') }]}
            >
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('delivery.form.slotPlaceholder')}
                loading={slots.isPending}
                options={(slots.data ?? []).map((slot) => ({
                  value: slot.id,
                  label: slotLabel(slot),
                }))}
                onSelect={prefillFromSlot}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label={t('delivery.form.slotId')}
              name="slot_id"
              extra={<ParamHelp name="slot_id">{t('delivery.form.slotIdHelp')}</ParamHelp>}
              rules={[{ required: true, message: t('delivery.form.slotRequired') }]}
            >
              <InputNumber<number> min={1} precision={0} className={styles.id} />
            </Form.Item>
          )}
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.os')}
            name="os"
            extra={<ParamHelp name="os" />}
            rules={[{ required: true, message: t('delivery.form.osRequired') }]}
          >
            <Select<number> options={deviceOptions(Platform.options(lang))} />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.app')}
            name="app"
            extra={<ParamHelp name="app" />}
            rules={[textRule('app')]}
          >
            <Input placeholder="com.example.app" />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.appVersion')}
            name="app_version"
            extra={<ParamHelp name="app_version" />}
            rules={[textRule('app_version')]}
          >
            <Input placeholder="1.0.0" />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.country')}
            name="country"
            extra={<ParamHelp name="country" />}
          >
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={countries.loading}
              options={countries.options}
            />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.network')}
            name="network"
            extra={<ParamHelp name="network" />}
          >
            <Select<number> allowClear options={deviceOptions(Network.options(lang))} />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item label={t('delivery.form.lang')} name="lang" extra={<ParamHelp name="lang" />}>
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={languages.loading}
              options={languages.options}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('delivery.form.device')}</Divider>
      <Row gutter={16}>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.osv')}
            name="osv"
            extra={<ParamHelp name="osv" />}
            rules={[textRule('osv')]}
          >
            <Input placeholder="14" />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.brand')}
            name="brand"
            extra={<ParamHelp name="brand" />}
          >
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={brands.loading}
              options={brands.options}
            />
          </Form.Item>
        </Col>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.model')}
            name="model"
            extra={<ParamHelp name="model" />}
          >
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              disabled={!models.brandChosen}
              placeholder={models.brandChosen ? undefined : t('delivery.form.modelChooseBrand')}
              loading={models.loading}
              options={models.options}
            />
          </Form.Item>
        </Col>
        {(['oaid', 'imei', 'idfa'] as const).map((field) => (
          <Col {...CELL} key={field}>
            <Form.Item
              label={t(`delivery.form.${field}`)}
              name={field}
              extra={<ParamHelp name={field} />}
              rules={[textRule(field)]}
            >
              <Input />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start">{t('delivery.form.user')}</Divider>
      <Row gutter={16}>
        <Col {...CELL}>
          <Form.Item
            label={t('delivery.form.uid')}
            name="uid"
            extra={<ParamHelp name="uid" />}
            rules={[textRule('uid')]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Form.Item
            label={t('delivery.form.audience')}
            name="audience"
            extra={<ParamHelp name="audience" />}
          >
            <TreeSelect<string[]>
              multiple
              allowClear
              treeData={audience.treeData}
              treeNodeFilterProp="title"
              loading={audience.loading}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('delivery.form.replay')}</Divider>
      <Row gutter={16}>
        <Col {...CELL}>
          {readsPlans ? (
            <Form.Item
              label={t('delivery.form.plan')}
              name="plan_id"
              extra={t('delivery.form.planHelp')}
            >
              <PlanSelect />
            </Form.Item>
          ) : (
            <Form.Item
              label={t('delivery.form.planId')}
              name="plan_id"
              extra={t('delivery.form.planHelp')}
            >
              <InputNumber<number> min={1} precision={0} className={styles.id} />
            </Form.Item>
          )}
        </Col>
        <Col {...CELL}>
          <Form.Item label={t('delivery.form.at')} name="at" extra={t('delivery.form.atHelp')}>
            <DatePicker showTime format={PICKER_FORMAT} allowClear className={styles.picker} />
          </Form.Item>
        </Col>
      </Row>

      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('delivery.form.submit')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('delivery.form.reset')}</Button>
      </Space>
    </Form>
  );
}
