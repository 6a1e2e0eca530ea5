/**
 * The creative form's first fields: name, style, language and system, then the content the
 * chosen style asks for (only its elements, image slots with the size asked for, three group
 * images, title and description counters at the style's limits).
 */
import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CreativeLanguage,
  GROUP_IMAGE_COUNT,
  Platform,
  SimpleStatus,
  type AdStyle,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { sizeHint, type visibleFields } from '../api';
import { MaterialMultiPicker, MaterialPicker } from './materials';
import type { FieldRules } from './useCreativeFieldRules';

const countOf = (max: number) => ({
  show: true,
  ...(max > 0 ? { max } : {}),
  strategy: (text: string) => [...text].length,
});

/** Name, style (active ones, and the one the creative has), language and system. */
export function CreativeBasicFields({
  styles,
  style,
  initialStyleId,
  rulesOf,
}: {
  styles: AdStyle[];
  style: AdStyle | undefined;
  initialStyleId: number | undefined;
  rulesOf: FieldRules;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const styleOptions = styles
    .filter(
      (candidate) => candidate.status === SimpleStatus.active || candidate.id === initialStyleId,
    )
    .map((candidate) => ({ value: candidate.id, label: candidate.name }));
  const languageOptions = CreativeLanguage.options(lang);

  return (
    <>
      <Form.Item label={t('creative.name')} name="name" rules={rulesOf('name')}>
        <Input maxLength={64} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            label={t('creative.style')}
            name="style_id"
            rules={rulesOf('style_id')}
            extra={style ? t('creative.form.styleHelp') : undefined}
          >
            <Select<number>
              options={styleOptions}
              placeholder={t('creative.form.chooseStyle')}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('creative.language')} name="language" rules={rulesOf('language')}>
            <Select options={languageOptions} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label={t('creative.os')} name="os" rules={rulesOf('os')}>
            <Select<number> options={Platform.options(lang)} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The elements the chosen style shows, each with the size or length the style asks for. */
export function CreativeContentFields({
  style,
  show,
  rulesOf,
}: {
  style: AdStyle;
  show: ReturnType<typeof visibleFields>;
  rulesOf: FieldRules;
}) {
  const { t } = useTranslation();
  const limits = show.rules;

  return (
    <>
      <Divider titlePlacement="start">{t('creative.form.content')}</Divider>
      {show.title && (
        <Form.Item
          label={t('creative.title')}
          name="title"
          rules={rulesOf('title')}
          dependencies={['style_id']}
        >
          <Input maxLength={200} count={countOf(limits?.titleLength ?? 0)} />
        </Form.Item>
      )}
      {show.description && (
        <Form.Item
          label={t('creative.description')}
          name="description"
          rules={rulesOf('description')}
          dependencies={['style_id']}
        >
          <Input.TextArea
            rows={3}
            maxLength={1000}
            count={countOf(limits?.descriptionLength ?? 0)}
          />
        </Form.Item>
      )}
      {show.icon && (
        <Form.Item
          label={t('creative.icon')}
          name="icon_material_id"
          rules={rulesOf('icon_material_id')}
          dependencies={['style_id']}
        >
          <MaterialPicker kind="image" hint={sizeHint(style.icon_size, t)} />
        </Form.Item>
      )}
      {show.image && (
        <Form.Item
          label={t('creative.image')}
          name="image_material_id"
          rules={rulesOf('image_material_id')}
          dependencies={['style_id']}
        >
          <MaterialPicker kind="image" hint={sizeHint(style.img_size, t)} />
        </Form.Item>
      )}
      {show.groupImages && (
        <Form.Item
          label={t('creative.groupImages', { count: GROUP_IMAGE_COUNT })}
          name="group_material_ids"
          rules={rulesOf('group_material_ids')}
          dependencies={['style_id']}
          extra={t('creative.form.groupHelp', { count: GROUP_IMAGE_COUNT })}
        >
          <MaterialMultiPicker
            kind="image"
            max={GROUP_IMAGE_COUNT}
            hint={sizeHint(style.img3_size, t)}
          />
        </Form.Item>
      )}
      {show.video && (
        <Form.Item
          label={t('creative.video')}
          name="video_material_id"
          rules={rulesOf('video_material_id')}
          dependencies={['style_id']}
          extra={t('creative.form.videoHelp')}
        >
          <MaterialPicker kind="video" hint={sizeHint(style.video_size, t)} />
        </Form.Item>
      )}
    </>
  );
}
