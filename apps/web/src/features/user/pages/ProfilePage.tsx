/** /user/index: my basic info — nickname, avatar (with preview) and introduction. */
import { Button, Card, Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INTRODUCTION_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  ZAvatarUrl,
  ZProfileForm,
  type ProfileForm,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { UserAvatar } from '../../../components/UserAvatar';
import { useLeaveGuard } from '../../../components/leave-guard';
import { reportFormError } from '../../../lib/formErrors';
import { zodRule } from '../../../lib/zodRule';
import { useUpdateProfile } from '../api';
import styles from './UserPages.module.css';

/** The preview shows a typed address only once it is a valid avatar address. */
function previewOf(typed: unknown, saved: string): string {
  if (typed === undefined) return saved;
  const parsed = ZAvatarUrl.safeParse(typeof typed === 'string' ? typed.trim() : '');
  return parsed.success ? parsed.data : '';
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user, acceptUser } = useSession();
  const [form] = Form.useForm<ProfileForm>();
  const leave = useLeaveGuard(form);
  const avatar = Form.useWatch('avatar', form);
  const update = useUpdateProfile();
  const [messages, holder] = message.useMessage();
  if (!user) return null;

  const submit = (values: ProfileForm) =>
    update.mutate(values, {
      onSuccess: (updated) => {
        acceptUser(updated);
        form.setFieldsValue({
          nickname: updated.nickname,
          avatar: updated.avatar,
          introduction: updated.introduction,
        });
        leave.markSaved();
        void messages.success(t('user.profileSaved'));
      },
      onError: (error) => reportFormError(form, error),
    });

  return (
    <Card className={styles.card}>
      {holder}
      <h1 className={styles.title}>{t('user.profileHeading')}</h1>
      <div className={styles.profile}>
        <figure className={styles.preview}>
          <UserAvatar
            src={previewOf(avatar, user.avatar)}
            size={96}
            alt={t('user.avatarPreview')}
          />
          <figcaption>{user.nickname || user.username}</figcaption>
        </figure>
        <Form<ProfileForm>
          form={form}
          layout="vertical"
          className={styles.form}
          initialValues={{
            nickname: user.nickname,
            avatar: user.avatar,
            introduction: user.introduction,
          }}
          onFinish={submit}
        >
          <Form.Item label={t('user.username')} htmlFor="profile-username">
            <Input id="profile-username" value={user.username} readOnly variant="filled" />
          </Form.Item>
          <Form.Item
            label={t('user.nickname')}
            name="nickname"
            rules={[zodRule(ZProfileForm, 'nickname')]}
          >
            <Input maxLength={NICKNAME_MAX_LENGTH} autoComplete="nickname" />
          </Form.Item>
          <Form.Item
            label={t('user.avatar')}
            name="avatar"
            extra={t('user.avatarHelp')}
            rules={[zodRule(ZProfileForm, 'avatar')]}
          >
            <Input type="url" inputMode="url" placeholder="https://" autoComplete="photo" />
          </Form.Item>
          <Form.Item
            label={t('user.introduction')}
            name="introduction"
            rules={[zodRule(ZProfileForm, 'introduction')]}
          >
            <Input.TextArea rows={4} maxLength={INTRODUCTION_MAX_LENGTH} showCount />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('user.profileSave')}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
