/**
 * Create or edit a creative in a wide drawer: the form on the left follows the chosen
 * style (only its elements, image slots with the size asked for, three group images, title
 * and description counters at the style's limits) and the click action (which fields
 * show); the live preview on the right renders as the style shows it. Editing a decided
 * creative warns that changing its content sends it back to audit; edits go through the
 * note prompt and send only what changed.
 *
 * This file is the shell: the fields live in CreativeFields.tsx, CreativeClickFields.tsx and
 * CreativeTrackingFields.tsx, their rules in useCreativeFieldRules.ts, saving in
 * useCreativeSubmit.ts.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Button, Col, Drawer, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdStyle, Creative } from '@adloom/domain';
import { useLeaveGuard } from '../../../components/leave-guard';
import { isSubmitEnter, useFirstFieldFocus } from '../../../lib/dialogForm';
import {
  EMPTY_FORM,
  formOf,
  isDecided,
  normalizeForm,
  visibleFields,
  type CreativeForm,
} from '../api';
import { CreativeClickFields } from './CreativeClickFields';
import { CreativeBasicFields, CreativeContentFields } from './CreativeFields';
import { CreativePreview } from './CreativePreview';
import { CreativeAdvancedFields, CreativeTrackingFields } from './CreativeTrackingFields';
import { MATERIAL_FIELDS, toAsset, useFieldRules, useFormMaterials } from './useCreativeFieldRules';
import { useCreativeSubmit } from './useCreativeSubmit';

export function CreativeDrawer({
  open,
  creative,
  styles,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The creative edited; null creates one. */
  creative: Creative | null;
  styles: AdStyle[];
  onClose(): void;
  onSaved(creative: Creative): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreativeForm>();
  const values = (Form.useWatch((all: CreativeForm) => all, form) ?? EMPTY_FORM) as CreativeForm;
  const style = styles.find((candidate) => candidate.id === values.style_id);
  const materials = useFormMaterials(values);
  const rulesOf = useFieldRules(form, style, materials);
  const show = visibleFields(style, values.click_action);

  const initial = useMemo(() => (creative ? formOf(creative) : EMPTY_FORM), [creative]);
  const leave = useLeaveGuard(form, { active: open });
  const { markSaved } = leave;
  const submit = useCreativeSubmit({ form, creative, style, markSaved, onSaved });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial);
    markSaved();
  }, [open, initial, form, markSaved]);
  // The ×, Esc, Cancel and a click on the mask: changes are discarded only when asked.
  const close = async () => {
    if (await leave.confirmDiscard()) onClose();
  };

  // Re-check the fields that depend on the style once a style's materials are known.
  const materialKey = [...materials.keys()].join(',');
  useEffect(() => {
    if (!open) return;
    const touched = (Object.keys(MATERIAL_FIELDS) as (keyof CreativeForm)[]).filter((name) =>
      form.isFieldTouched(name),
    );
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  }, [materialKey, open, form]);

  const preview = {
    ...normalizeForm(values, style),
    style_id: values.style_id,
    assets: [...materials.values()].flatMap(toAsset),
  };

  const decided = isDecided(creative);
  const { ref: firstFieldRef, afterOpenChange: focusFirstField } = useFirstFieldFocus();

  return (
    <Drawer
      title={creative ? t('creative.editTitle', { name: creative.name }) : t('creative.addTitle')}
      open={open}
      onClose={() => void close()}
      size={1120}
      forceRender
      afterOpenChange={focusFirstField}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void close()}>{t('change.cancel')}</Button>
          <Button type="primary" loading={submit.saving} onClick={() => void submit.save()}>
            {creative ? t('list.save') : t('creative.create')}
          </Button>
        </Space>
      }
    >
      {submit.holder}
      {leave.holder}
      {decided && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('creative.form.reauditTitle')}
          description={t('creative.form.reauditHelp')}
        />
      )}
      <Row gutter={24} wrap>
        <Col flex="1 1 480px" ref={firstFieldRef}>
          <Form<CreativeForm>
            form={form}
            name="creative"
            layout="vertical"
            initialValues={EMPTY_FORM}
            onFinish={() => void submit.save()}
            onKeyDown={(event) => {
              // Enter in a one-line field saves, as in every form dialog (lib/dialogForm.ts).
              if (!isSubmitEnter(event)) return;
              event.preventDefault();
              void submit.save();
            }}
          >
            <CreativeBasicFields
              styles={styles}
              style={style}
              initialStyleId={initial.style_id}
              rulesOf={rulesOf}
            />
            {style && <CreativeContentFields style={style} show={show} rulesOf={rulesOf} />}
            <CreativeClickFields clickAction={values.click_action} show={show} rulesOf={rulesOf} />
            <CreativeTrackingFields />
            <CreativeAdvancedFields form={form} specialConfig={values.special_config} />
          </Form>
        </Col>
        <Col flex="0 0 340px">
          <div style={{ position: 'sticky', top: 0 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('creative.livePreview')}
            </Typography.Title>
            {style ? (
              <CreativePreview creative={preview} style={style} />
            ) : (
              <Typography.Text type="secondary">{t('creative.form.previewHelp')}</Typography.Text>
            )}
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
