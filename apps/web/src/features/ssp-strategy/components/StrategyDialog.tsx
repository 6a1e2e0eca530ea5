/**
 * Add or edit an SSP strategy: slot, name, priority, trigger rules, allocations and config.
 * Every check of the contract runs before sending (the slot required, 'JSON format error'
 * as the config is typed, the allocation sum over 1000); the server's answers land on the
 * field they name. An edit goes through the change-note pattern and sends only what changed.
 */
import { Form, Input, InputNumber, Select, Typography, type FormRule } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ZSspStrategyFields,
  createSspStrategy,
  modifySspStrategy,
  type Dsp,
  type EndpointBody,
  type Slot,
  type SspStrategy,
} from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { reportFormError } from '../../../lib/formErrors';
import { fieldProblem, zodRule } from '../../../lib/zodRule';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { EMPTY_FORM, formOf, wireOf, type StrategyForm } from '../form';
import { allocationsRule, liftingForm, triggersRule } from '../rules';
import { AllocationEditor } from './AllocationEditor';
import { TriggerEditor } from './TriggerEditor';

/** "Media / Slot" for selects and cells. */
export const slotLabel = (slot: { media_name: string; name: string }) =>
  `${slot.media_name} / ${slot.name}`;

/** The share as the server checks it; blank is a value here (each partner's own share). */
const sharePercentRule: FormRule = (form) => ({
  validator: async (_rule, value: unknown) => {
    if (value == null) return;
    const values = { ...form.getFieldsValue(true), percent: value } as Record<string, unknown>;
    const problem = fieldProblem(ZSspStrategyFields, 'percent', values);
    if (problem) throw new Error(problem);
  },
});

export function StrategyDialog({
  open,
  strategy,
  slots,
  dsps,
  loadingLists,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The strategy edited; null to add one. */
  strategy: SspStrategy | null;
  slots: readonly Slot[];
  dsps: readonly Dsp[];
  loadingLists: boolean;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StrategyForm>();
  const noted = useNotedWrite();
  const errors = liftingForm(form);

  // A strategy's slot may since have been deleted: it stays visible in its own select.
  const slotOptions = slots.map((slot) => ({ value: slot.id, label: slotLabel(slot) }));
  if (strategy && !slots.some((slot) => slot.id === strategy.slot_id)) {
    slotOptions.push({
      value: strategy.slot_id,
      label: slotLabel({ media_name: strategy.media_name, name: strategy.slot_name }),
    });
  }

  const submit = async (values: StrategyForm): Promise<boolean> => {
    const after = wireOf(values);
    if (strategy) {
      const result = await noted.write({
        targetType: 'sspStrategy',
        method: 'modify',
        target: strategy.id,
        before: { ...wireOf(formOf(strategy)) },
        after: { ...after },
        form: errors,
        send: (body) =>
          call(modifySspStrategy, {
            body: body as EndpointBody<typeof modifySspStrategy>,
            silent: true,
          }),
      });
      if (result.status !== 'done') return false;
    } else {
      try {
        await call(createSspStrategy, { body: after, silent: true });
      } catch (error) {
        reportFormError(errors, error);
        return false;
      }
    }
    await onSaved();
    return true;
  };

  return (
    <>
      {noted.holder}
      <FormDialog<StrategyForm>
        title={strategy ? t('sspStrategy.edit') : t('sspStrategy.add')}
        open={open}
        form={form}
        initialValues={strategy ? formOf(strategy) : EMPTY_FORM}
        onCancel={onClose}
        onSubmit={submit}
      >
        <Form.Item
          label={t('sspStrategy.slot')}
          name="slot_id"
          rules={[zodRule(ZSspStrategyFields, 'slot_id')]}
          extra={
            !loadingLists && slots.length === 0 ? (
              <Typography.Text type="secondary">
                {t('sspStrategy.empty.noSlots')}{' '}
                <Link to="/ssp/slot">{t('sspStrategy.empty.toSlots')}</Link>
              </Typography.Text>
            ) : undefined
          }
        >
          <Select<number>
            options={slotOptions}
            showSearch={{ optionFilterProp: 'label' }}
            loading={loadingLists}
            allowClear
            placeholder={t('sspStrategy.slotPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.name')}
          name="name"
          rules={[zodRule(ZSspStrategyFields, 'name')]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.priority')}
          name="priority"
          extra={t('sspStrategy.priorityHelp')}
          rules={[zodRule(ZSspStrategyFields, 'priority')]}
        >
          <InputNumber<number> style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.percent')}
          name="percent"
          extra={t('sspStrategy.percentHelp')}
          rules={[sharePercentRule]}
        >
          <InputNumber<number>
            min={0}
            max={1000}
            precision={0}
            placeholder={t('sspStrategy.percentPlaceholder')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.triggers')}
          name="triggers"
          extra={t('sspStrategy.triggersHelp')}
          rules={[triggersRule]}
        >
          <TriggerEditor />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.allocations')}
          name="allocations"
          extra={t('sspStrategy.allocationsHelp')}
          rules={[allocationsRule]}
        >
          <AllocationEditor dsps={dsps} loading={loadingLists} />
        </Form.Item>
        <Form.Item
          label={t('sspStrategy.config')}
          name="config"
          extra={t('sspStrategy.configHelp')}
          rules={[zodRule(ZSspStrategyFields, 'config')]}
        >
          <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
