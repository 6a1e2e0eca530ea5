/**
 * Create or edit a creative in a wide drawer: the form on the left follows the chosen
 * style (only its elements, image slots with the size asked for, three group images, title
 * and description counters at the style's limits) and the click action (which fields
 * show); the live preview on the right renders as the style shows it. Editing a decided
 * creative warns that changing its content sends it back to audit; edits go through the
 * note prompt and send only what changed.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ClickAction,
  CreativeLanguage,
  GROUP_IMAGE_COUNT,
  MAX_MONITOR_URLS,
  Platform,
  SimpleStatus,
  ZCreativeFields,
  canonicalSpecialConfig,
  createCreative,
  isHttpUrl,
  isSpecialConfig,
  materialIssue,
  modifyCreative,
  type AdStyle,
  type Creative,
  type CreativeAsset,
  type EndpointBody,
  type Material,
  type MaterialElement,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { reportFormError } from '../../../lib/formErrors';
import { currentLanguage } from '../../../lib/i18n';
import { issueText, messageText } from '../../../lib/messages';
import { useLeaveGuard } from '../../../components/leave-guard';
import { useNotedWrite } from '../../changes/useNotedWrite';
import {
  EMPTY_FORM,
  creativeText,
  formIssues,
  formOf,
  isDecided,
  issueMessage,
  normalizeForm,
  sizeHint,
  translatedError,
  visibleFields,
  type CreativeForm,
} from '../api';
import { CreativePreview } from './CreativePreview';
import { MaterialMultiPicker, MaterialPicker, useMaterial } from './materials';

const toAsset = (material: Material | undefined): CreativeAsset[] =>
  material
    ? [
        {
          id: material.id,
          kind: material.kind,
          url: material.url,
          thumbnail_url: material.thumbnail_url,
          width: material.width,
          height: material.height,
        },
      ]
    : [];

/** The materials the form names, loaded for the preview and the size checks. */
function useFormMaterials(values: Partial<CreativeForm>) {
  const group = values.group_material_ids ?? [];
  const icon = useMaterial(values.icon_material_id);
  const image = useMaterial(values.image_material_id);
  const video = useMaterial(values.video_material_id);
  const first = useMaterial(group[0]);
  const second = useMaterial(group[1]);
  const third = useMaterial(group[2]);
  const loaded = [icon, image, video, first, second, third].flatMap((query) =>
    query.data ? [query.data] : [],
  );
  return new Map(loaded.map((material) => [material.id, material]));
}

const MATERIAL_FIELDS: Partial<Record<keyof CreativeForm, MaterialElement>> = {
  icon_material_id: 'icon',
  image_material_id: 'image',
  video_material_id: 'video',
  group_material_ids: 'groupImages',
};

/** The rules of one field: its schema, the style and click action, the materials' fit. */
function useFieldRules(
  form: FormInstance<CreativeForm>,
  style: AdStyle | undefined,
  materials: Map<number, Material>,
) {
  const { t } = useTranslation();
  return (field: keyof CreativeForm): FormRule[] => [
    {
      validator: async (_rule, value: unknown) => {
        const values = { ...(form.getFieldsValue(true) as CreativeForm), [field]: value };
        if (field === 'style_id') {
          if (typeof value !== 'number') throw new Error(t('creative.form.chooseStyle'));
          return;
        }
        const parsed = ZCreativeFields.safeParse({ ...values, style_id: 1 });
        const schemaIssue = parsed.error?.issues.find((issue) => issue.path[0] === field);
        if (schemaIssue) {
          const text = issueText(schemaIssue);
          throw new Error(text === schemaIssue.message ? creativeText(text, t) : text);
        }
        const issue = formIssues(values, style).find((candidate) => candidate.path === field);
        if (issue) throw new Error(issueMessage(issue));
        const element = MATERIAL_FIELDS[field];
        if (element && style) {
          const ids = Array.isArray(value) ? (value as number[]) : [value];
          for (const id of ids) {
            const material = typeof id === 'number' ? materials.get(id) : undefined;
            if (!material) continue;
            const problem = materialIssue(element, material, style);
            if (problem) throw new Error(issueMessage({ path: field, ...problem }));
          }
        }
      },
    },
  ];
}

/** A list of monitor links: add, remove, each an http(s) address. */
function MonitorLinks({ name, label }: { name: keyof CreativeForm; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label={label} extra={t('creative.form.monitorHelp', { max: MAX_MONITOR_URLS })}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Space.Compact key={field.key} style={{ width: '100%' }}>
                <Form.Item
                  name={field.name}
                  noStyle
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        const text = typeof value === 'string' ? value.trim() : '';
                        if (text !== '' && !isHttpUrl(text)) {
                          throw new Error(messageText('input.httpUrl'));
                        }
                      },
                    },
                  ]}
                >
                  <Input
                    aria-label={`${label} ${index + 1}`}
                    placeholder="https://track.example.com/…"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('creative.form.removeLink', { index: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space.Compact>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= MAX_MONITOR_URLS}
              onClick={() => add('')}
            >
              {t('creative.form.addLink')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}

const countOf = (max: number) => ({
  show: true,
  ...(max > 0 ? { max } : {}),
  strategy: (text: string) => [...text].length,
});

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
  const lang = currentLanguage();
  const [form] = Form.useForm<CreativeForm>();
  const noted = useNotedWrite();
  const [saving, setSaving] = useState(false);
  const values = (Form.useWatch((all: CreativeForm) => all, form) ?? EMPTY_FORM) as CreativeForm;
  const style = styles.find((candidate) => candidate.id === values.style_id);
  const materials = useFormMaterials(values);
  const rulesOf = useFieldRules(form, style, materials);
  const show = visibleFields(style, values.click_action);
  const limits = show.rules;

  const initial = useMemo(() => (creative ? formOf(creative) : EMPTY_FORM), [creative]);
  const leave = useLeaveGuard(form, { active: open });
  const { markSaved } = leave;
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

  const styleOptions = styles
    .filter(
      (candidate) => candidate.status === SimpleStatus.active || candidate.id === initial.style_id,
    )
    .map((candidate) => ({ value: candidate.id, label: candidate.name }));

  const preview = {
    ...normalizeForm(values, style),
    style_id: values.style_id,
    assets: [...materials.values()].flatMap(toAsset),
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = normalizeForm(form.getFieldsValue(true) as CreativeForm, style);
    setSaving(true);
    try {
      if (creative) {
        const result = await noted.write({
          targetType: 'creative',
          method: 'modify',
          target: creative.id,
          before: { ...formOf(creative) },
          after: { ...body },
          form,
          send: (changes) =>
            call(modifyCreative, {
              body: changes as EndpointBody<typeof modifyCreative>,
              silent: true,
            }).catch((error: unknown) => {
              throw translatedError(error);
            }),
        });
        if (result.status === 'done') {
          markSaved();
          await onSaved(result.data);
        }
      } else {
        try {
          const made = await call(createCreative, {
            body: body as EndpointBody<typeof createCreative>,
            silent: true,
          });
          markSaved();
          await onSaved(made);
        } catch (error) {
          reportFormError(form, translatedError(error));
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const decided = isDecided(creative);
  const languageOptions = CreativeLanguage.options(lang);
  const clickOptions = ClickAction.options(lang);

  return (
    <Drawer
      title={creative ? t('creative.editTitle', { name: creative.name }) : t('creative.addTitle')}
      open={open}
      onClose={() => void close()}
      size={1120}
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void close()}>{t('change.cancel')}</Button>
          <Button type="primary" loading={saving || noted.pending} onClick={() => void save()}>
            {creative ? t('list.save') : t('creative.create')}
          </Button>
        </Space>
      }
    >
      {noted.holder}
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
        <Col flex="1 1 480px">
          <Form<CreativeForm>
            form={form}
            name="creative"
            layout="vertical"
            initialValues={EMPTY_FORM}
            onFinish={() => void save()}
          >
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
                <Form.Item
                  label={t('creative.language')}
                  name="language"
                  rules={rulesOf('language')}
                >
                  <Select options={languageOptions} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={t('creative.os')} name="os" rules={rulesOf('os')}>
                  <Select<number> options={Platform.options(lang)} />
                </Form.Item>
              </Col>
            </Row>

            {style && (
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
            )}

            <Divider titlePlacement="start">{t('creative.form.click')}</Divider>
            <Form.Item
              label={t('creative.clickAction')}
              name="click_action"
              rules={rulesOf('click_action')}
            >
              <Radio.Group options={clickOptions} optionType="button" />
            </Form.Item>
            {show.clickUrl && (
              <Form.Item
                label={
                  values.click_action === ClickAction.telephone
                    ? t('creative.phone')
                    : values.click_action === ClickAction.downloadApp
                      ? t('creative.downloadUrl')
                      : t('creative.clickUrl')
                }
                name="click_url"
                rules={rulesOf('click_url')}
                dependencies={['click_action']}
              >
                <Input
                  maxLength={2048}
                  placeholder={
                    values.click_action === ClickAction.telephone
                      ? 'tel:+33123456789'
                      : 'https://example.com/landing'
                  }
                />
              </Form.Item>
            )}
            {show.appName && (
              <Form.Item
                label={t('creative.appName')}
                name="app_name"
                rules={rulesOf('app_name')}
                dependencies={['click_action', 'style_id']}
              >
                <Input maxLength={64} />
              </Form.Item>
            )}
            {show.appPackage && (
              <Form.Item
                label={t('creative.appPackage')}
                name="app_package"
                rules={rulesOf('app_package')}
                dependencies={['click_action']}
              >
                <Input maxLength={255} placeholder="com.example.app" />
              </Form.Item>
            )}
            {show.actionText && (
              <Form.Item
                label={t('creative.actionText')}
                name="action_text"
                rules={rulesOf('action_text')}
                extra={t('creative.form.actionTextHelp')}
              >
                <Input maxLength={20} showCount />
              </Form.Item>
            )}
            {show.deeplink && (
              <Form.Item
                label={t('creative.deeplink')}
                name="deeplink_url"
                rules={rulesOf('deeplink_url')}
                extra={t('creative.form.deeplinkHelp')}
              >
                <Input maxLength={2048} placeholder="myapp://path" />
              </Form.Item>
            )}

            <Divider titlePlacement="start">{t('creative.form.tracking')}</Divider>
            <MonitorLinks name="impression_monitor_urls" label={t('creative.impressionMonitors')} />
            <MonitorLinks name="click_monitor_urls" label={t('creative.clickMonitors')} />

            <Divider titlePlacement="start">{t('creative.form.advanced')}</Divider>
            <Form.Item
              label={t('creative.specialConfig')}
              extra={t('creative.form.specialConfigHelp')}
            >
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Form.Item
                  name="special_config"
                  noStyle
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        if (typeof value === 'string' && !isSpecialConfig(value)) {
                          throw new Error(messageText('ad.configurationFormat'));
                        }
                      },
                    },
                  ]}
                >
                  <Input.TextArea
                    rows={4}
                    aria-label={t('creative.specialConfig')}
                    placeholder={'{\n  "key": "value"\n}'}
                    style={{ fontFamily: 'monospace' }}
                  />
                </Form.Item>
                <Button
                  size="small"
                  disabled={!values.special_config || !isSpecialConfig(values.special_config)}
                  onClick={() =>
                    form.setFieldValue(
                      'special_config',
                      canonicalSpecialConfig(form.getFieldValue('special_config') as string),
                    )
                  }
                >
                  {t('creative.form.formatJson')}
                </Button>
              </Space>
            </Form.Item>
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
