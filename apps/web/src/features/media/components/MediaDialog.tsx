/**
 * Add or edit a media: name, OS, bundle or domain, and (for ssp and system) the owner.
 * An edit sends only the changed fields through the note prompt ('None Update' when
 * nothing changed).
 */
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Platform, createMedia, modifyMedia, type EndpointBody, type Media } from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useNotedWrite } from '../../changes/useNotedWrite';
import {
  EMPTY_MEDIA_FORM,
  mediaBodyOf,
  mediaFormOf,
  mediaRule,
  translating,
  type MediaForm,
} from '../api';
import { OwnerSelect } from './OwnerSelect';

export function MediaDialog({
  open,
  row,
  choosesOwner,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The media edited; null to add one. */
  row: Media | null;
  /** True when the acting user may give the media to another account (ssp, system). */
  choosesOwner: boolean;
  onClose(): void;
  onSaved(media: Media, created: boolean): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<MediaForm>();
  const noted = useNotedWrite();

  const submit = async (values: MediaForm): Promise<boolean> => {
    const body = mediaBodyOf(values);
    if (!row) {
      const created = await translating(() => call(createMedia, { body, silent: true }));
      await onSaved(created, true);
      return true;
    }
    const result = await noted.write({
      targetType: 'media',
      method: 'modify',
      target: row.id,
      before: { ...mediaBodyOf(mediaFormOf(row)) },
      after: { ...body },
      form,
      send: (changes) =>
        translating(() =>
          call(modifyMedia, { body: changes as EndpointBody<typeof modifyMedia>, silent: true }),
        ),
    });
    if (result.status !== 'done') return false;
    await onSaved(result.data, false);
    return true;
  };

  return (
    <>
      {noted.holder}
      <FormDialog<MediaForm>
        title={row ? t('media.editTitle', { name: row.name }) : t('media.addTitle')}
        creating={!row}
        open={open}
        form={form}
        initialValues={row ? mediaFormOf(row) : EMPTY_MEDIA_FORM}
        onCancel={onClose}
        onSubmit={submit}
      >
        <Form.Item label={t('media.name')} name="name" rules={[mediaRule('name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('media.os')} name="os" rules={[mediaRule('os')]}>
          <Select options={Platform.options(lang)} />
        </Form.Item>
        <Form.Item
          label={t('media.bundle')}
          name="bundle"
          extra={t('media.bundleHelp')}
          rules={[mediaRule('bundle')]}
        >
          <Input maxLength={128} placeholder="com.example.app" />
        </Form.Item>
        {choosesOwner && (
          <Form.Item label={t('media.owner')} name="owner_id" extra={t('media.ownerHelp')}>
            <OwnerSelect known={row?.owner} />
          </Form.Item>
        )}
      </FormDialog>
    </>
  );
}
