/** The account dialogs: create, edit (noted), reset password. Unique form names each. */
import { Form, Input, InputNumber, message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Ability,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  modifyAccount,
  type Account,
  type EndpointBody,
} from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { zodRule } from '../../../lib/zodRule';
import type { useNotedWrite } from '../../changes/useNotedWrite';
import {
  ZCreateDialog,
  ZEditDialog,
  ZResetDialog,
  bitsOf,
  maskOf,
  sendCreate,
  sendReset,
  type CreateForm,
  type EditForm,
  type ResetForm,
} from '../api';
import { AbilityChecklist } from './AbilityChecklist';

function RevenueShareItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('account.revenueShare')}
      name="revenue_share"
      extra={t('account.revenueShareHelp')}
    >
      <InputNumber min={0} max={1000} precision={0} suffix="‰" style={{ width: 160 }} />
    </Form.Item>
  );
}

export function CreateAccountDialog({
  open,
  onClose,
  grantable,
  withShare,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  grantable: number;
  withShare: boolean;
  onDone(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateForm>();
  const [messages, holder] = message.useMessage();
  const submit = async (values: CreateForm): Promise<boolean> => {
    const created = await sendCreate(values, withShare);
    void messages.success(t('account.accountCreated', { username: created.username }));
    await onDone();
    return true;
  };
  return (
    <>
      {holder}
      <FormDialog<CreateForm>
        title={t('account.addAccount')}
        open={open}
        form={form}
        initialValues={{
          username: '',
          nickname: '',
          password: '',
          confirmPassword: '',
          ability: [Ability.login],
          ...(withShare ? { revenue_share: 0 } : {}),
        }}
        onCancel={onClose}
        onSubmit={submit}
      >
        <Form.Item
          label={t('account.username')}
          name="username"
          rules={[zodRule(ZCreateDialog, 'username')]}
        >
          <Input autoComplete="off" maxLength={USERNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          label={t('account.nickname')}
          name="nickname"
          rules={[zodRule(ZCreateDialog, 'nickname')]}
        >
          <Input autoComplete="off" maxLength={NICKNAME_MAX_LENGTH} />
        </Form.Item>
        <PasswordItems form={form} schema="create" />
        <Form.Item label={t('account.abilities')} name="ability" extra={t('account.abilitiesHelp')}>
          <AbilityChecklist grantable={grantable} />
        </Form.Item>
        {withShare && <RevenueShareItem />}
      </FormDialog>
    </>
  );
}

/** Password and its confirmation, checked together. */
function PasswordItems({
  form,
  schema,
  label,
}: {
  form: FormInstance;
  schema: 'create' | 'reset';
  label?: string;
}) {
  const { t } = useTranslation();
  const zod = schema === 'create' ? ZCreateDialog : ZResetDialog;
  return (
    <>
      <Form.Item
        label={label ?? t('account.password')}
        name="password"
        extra={t('account.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
        rules={[zodRule(zod, 'password')]}
      >
        <Input.Password
          autoComplete="new-password"
          onChange={() => {
            if (form.getFieldValue('confirmPassword'))
              void form.validateFields(['confirmPassword']);
          }}
        />
      </Form.Item>
      <Form.Item
        label={t('account.confirmPassword')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[zodRule(zod, 'confirmPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

function editForm(account: Account, withShare: boolean): EditForm {
  return {
    nickname: account.nickname,
    ability: bitsOf(account.ability),
    ...(withShare ? { revenue_share: account.revenue_share } : {}),
  };
}

/** The wire shape of the edit form: the ability bits as one mask. */
function editWire(form: EditForm): Record<string, unknown> {
  return { ...form, ability: maskOf(form.ability) };
}

export function EditAccountDialog({
  account,
  onClose,
  grantable,
  withShare,
  own,
  noted,
  onDone,
}: {
  account: Account | null;
  onClose(): void;
  grantable: number;
  withShare: boolean;
  /** The account is the acting user's own: its abilities stay as they are. */
  own: boolean;
  noted: ReturnType<typeof useNotedWrite>;
  onDone(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditForm>();
  const [messages, holder] = message.useMessage();
  const submit = async (values: EditForm): Promise<boolean> => {
    if (!account) return true;
    const result = await noted.write({
      targetType: 'user',
      method: 'modify',
      target: account.id,
      before: editWire(editForm(account, withShare)),
      after: editWire({ ...values, nickname: values.nickname.trim() }),
      form,
      send: (body) =>
        call(modifyAccount, {
          body: body as EndpointBody<typeof modifyAccount>,
          silent: true,
        }),
    });
    if (result.status !== 'done') return false;
    void messages.success(t('account.saved', { username: account.username }));
    await onDone();
    return true;
  };
  return (
    <>
      {holder}
      <FormDialog<EditForm>
        title={t('account.editAccount', { username: account?.username ?? '' })}
        open={account !== null}
        form={form}
        initialValues={account ? editForm(account, withShare) : {}}
        onCancel={onClose}
        onSubmit={submit}
      >
        <Form.Item
          label={t('account.nickname')}
          name="nickname"
          rules={[zodRule(ZEditDialog, 'nickname')]}
        >
          <Input autoComplete="off" maxLength={NICKNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          label={t('account.abilities')}
          name="ability"
          extra={own ? t('account.ownAbilities') : t('account.abilitiesHelp')}
        >
          <AbilityChecklist grantable={grantable} disabled={own} />
        </Form.Item>
        {withShare && <RevenueShareItem />}
      </FormDialog>
    </>
  );
}

export function ResetPasswordDialog({
  account,
  onClose,
}: {
  account: Account | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetForm>();
  const [messages, holder] = message.useMessage();
  const submit = async (values: ResetForm): Promise<boolean> => {
    if (!account) return true;
    await sendReset(account.id, values);
    void messages.success(t('account.passwordReset', { username: account.username }));
    return true;
  };
  return (
    <>
      {holder}
      <FormDialog<ResetForm>
        title={t('account.resetPasswordTitle', { username: account?.username ?? '' })}
        open={account !== null}
        form={form}
        initialValues={{ password: '', confirmPassword: '' }}
        onCancel={onClose}
        onSubmit={submit}
      >
        <PasswordItems form={form} schema="reset" label={t('account.newPassword')} />
      </FormDialog>
    </>
  );
}
