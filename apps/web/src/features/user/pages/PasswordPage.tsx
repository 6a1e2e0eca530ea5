/** /user/password: old, new and confirmed new password, checked by the shared schema. */
import { Button, Card, Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, ZPasswordForm, type PasswordForm } from '@adloom/domain';
import { useSession } from '../../../app/session';
import { useLeaveGuard } from '../../../components/leave-guard';
import { reportFormError } from '../../../lib/formErrors';
import { zodRule } from '../../../lib/zodRule';
import { useChangePassword } from '../api';
import styles from './UserPages.module.css';

export function PasswordPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<PasswordForm>();
  // Emptied after a change, so only typed, unsent passwords hold the page.
  useLeaveGuard(form);
  const change = useChangePassword();
  const [messages, holder] = message.useMessage();

  const submit = (values: PasswordForm) =>
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        void messages.success(t('user.passwordChanged'));
      },
      onError: (error) => reportFormError(form, error),
    });

  return (
    <Card className={styles.card}>
      {holder}
      <h1 className={styles.title}>{t('user.passwordHeading')}</h1>
      <Form<PasswordForm> form={form} layout="vertical" className={styles.form} onFinish={submit}>
        {/* Lets password managers know whose password changes. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user?.username ?? ''}
          readOnly
          hidden
        />
        <Form.Item
          label={t('user.oldPassword')}
          name="oldPassword"
          rules={[zodRule(ZPasswordForm, 'oldPassword')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('user.newPassword')}
          name="newPassword"
          dependencies={['oldPassword']}
          extra={t('user.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
          rules={[zodRule(ZPasswordForm, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('user.confirmPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[zodRule(ZPasswordForm, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('user.passwordSubmit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
