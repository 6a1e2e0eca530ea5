/** Reject creatives with a reason the advertiser will read (required, at least two characters). */
import { useEffect, useId, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZRejectReason, rejectCreatives, type Creative } from '@adloom/domain';
import { call } from '../../../lib/api';
import { useFirstFieldFocus } from '../../../lib/dialogForm';
import { reportFormError } from '../../../lib/formErrors';
import { issueText } from '../../../lib/zodRule';
import { creativeText, translatedError } from '../api';

export function RejectDialog({
  ids,
  onClose,
  onDone,
}: {
  /** The creatives to reject; empty when closed. */
  ids: number[];
  onClose(): void;
  onDone(rejected: Creative[]): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { ref: firstFieldRef, afterOpenChange: focusFirstField } = useFirstFieldFocus();
  const [saving, setSaving] = useState(false);
  const formName = `reject${useId()}`;
  const open = ids.length > 0;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const finish = async ({ reason }: { reason: string }) => {
    setSaving(true);
    try {
      const rejected = await call(rejectCreatives, { body: { ids, reason }, silent: true });
      await onDone(rejected);
    } catch (error) {
      reportFormError(form, translatedError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('creative.audit.rejectTitle', { count: ids.length })}
      open={open}
      okText={t('creative.audit.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('change.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={focusFirstField}
      forceRender
    >
      <div ref={firstFieldRef}>
        <Form
          form={form}
          name={formName}
          layout="vertical"
          onFinish={(values) => void finish(values)}
        >
          <Form.Item
            label={t('creative.audit.reason')}
            name="reason"
            extra={t('creative.audit.reasonHelp')}
            rules={[
              {
                required: true,
                validator: async (_rule, value: unknown) => {
                  const result = ZRejectReason.safeParse(typeof value === 'string' ? value : '');
                  const issue = result.error?.issues[0];
                  if (issue) {
                    const text = issueText(issue);
                    throw new Error(text === issue.message ? creativeText(text, t) : text);
                  }
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
