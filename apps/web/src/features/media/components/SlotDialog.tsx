/**
 * Add or edit a slot: its media (fixed once added), name, code (what OpenRTB and Prebid may
 * name it by), supply type, ad form and ad type,
 * supported styles, countries (none = all), size (0 = unlimited) and lowest bid in currency
 * units. An edit sends only the changed fields through the note prompt.
 */
import { useMemo } from 'react';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdForm,
  AuctionType,
  SimpleStatus,
  SupplyType,
  createSlot,
  modifySlot,
  type EndpointBody,
  type Slot,
} from '@adloom/domain';
import { FormDialog } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { placeLabel } from '../../../lib/placeNames';
import { useCountries, useStyles } from '../../../lib/settings';
import { useNotedWrite } from '../../changes/useNotedWrite';
import {
  EMPTY_SLOT_FORM,
  slotBodyOf,
  slotEditableOf,
  slotFormOf,
  slotRule,
  translating,
  useAdTypes,
  useAllMedia,
  type SlotForm,
} from '../api';
import styles from './SlotDialog.module.css';
import { MoneyInput } from '../../../components/form/MoneyInput';

export function SlotDialog({
  open,
  row,
  mediaId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The slot edited; null to add one. */
  row: Slot | null;
  /** The media a new slot goes to unless another is chosen (the list's media filter). */
  mediaId?: number | undefined;
  onClose(): void;
  onSaved(slot: Slot, created: boolean): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<SlotForm>();
  const noted = useNotedWrite();
  const media = useAllMedia();
  const stylesQuery = useStyles();
  const countriesQuery = useCountries();
  const adTypes = useAdTypes();

  // Active choices, plus what the edited slot already holds (switched off since).
  const keeps = <T,>(value: T, list: readonly T[] | undefined) => list?.includes(value) ?? false;
  const mediaOptions = useMemo(() => {
    const options = (media.data ?? []).map((item) => ({ value: item.id, label: item.name }));
    if (row && !options.some((option) => option.value === row.media_id)) {
      options.unshift({ value: row.media_id, label: row.media_name });
    }
    return options;
  }, [media.data, row]);
  const styleOptions = (stylesQuery.data ?? [])
    .filter((style) => style.status === SimpleStatus.active || keeps(style.id, row?.style_ids))
    .map((style) => ({ value: style.id, label: style.name }));
  const countryOptions = (countriesQuery.data ?? [])
    .filter(
      (country) => country.status === SimpleStatus.active || keeps(country.code, row?.countries),
    )
    .map((country) => ({
      value: country.code,
      label: placeLabel('region', country.code, country.name, lang),
    }));
  const adTypeOptions = (adTypes.data ?? [])
    .filter((type) => type.status === SimpleStatus.active || type.id === row?.ad_type_id)
    .map((type) => ({
      value: type.id,
      label: `${type.name} · ${AdForm.label(type.ad_form, lang)}`,
      adForm: type.ad_form,
    }));

  const submit = async (values: SlotForm): Promise<boolean> => {
    if (!row) {
      const body = slotBodyOf(values);
      const created = await translating(() => call(createSlot, { body, silent: true }));
      await onSaved(created, true);
      return true;
    }
    const result = await noted.write({
      targetType: 'slot',
      method: 'modify',
      target: row.id,
      before: slotEditableOf(slotFormOf(row)),
      after: slotEditableOf(values),
      form,
      send: (changes) =>
        translating(() =>
          call(modifySlot, { body: changes as EndpointBody<typeof modifySlot>, silent: true }),
        ),
    });
    if (result.status !== 'done') return false;
    await onSaved(result.data, false);
    return true;
  };

  /** Choosing an ad type fills an ad form still left at Unlimited. */
  const adTypeChosen = (id: number | undefined) => {
    const chosen = adTypeOptions.find((option) => option.value === id);
    if (chosen && form.getFieldValue('ad_form') === AdForm.unlimited) {
      form.setFieldValue('ad_form', chosen.adForm);
    }
  };

  return (
    <>
      {noted.holder}
      <FormDialog<SlotForm>
        title={row ? t('media.slot.editTitle', { name: row.name }) : t('media.slot.addTitle')}
        creating={!row}
        open={open}
        form={form}
        initialValues={row ? slotFormOf(row) : { ...EMPTY_SLOT_FORM, media_id: mediaId }}
        onCancel={onClose}
        onSubmit={submit}
      >
        <Form.Item
          label={t('media.slot.media')}
          name="media_id"
          extra={row ? t('media.slot.mediaFixed') : undefined}
          rules={[slotRule('media_id')]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            disabled={row !== null}
            loading={media.isPending}
            options={mediaOptions}
          />
        </Form.Item>
        <Form.Item label={t('media.slot.name')} name="name" rules={[slotRule('name')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('media.slot.code')}
          name="code"
          extra={t('media.slot.codeHelp')}
          rules={[slotRule('code')]}
        >
          <Input maxLength={64} allowClear placeholder={t('media.slot.codePlaceholder')} />
        </Form.Item>
        <Space wrap size="middle" className={styles.row}>
          <Form.Item
            label={t('media.slot.supplyType')}
            name="supply_type"
            rules={[slotRule('supply_type')]}
          >
            <Select options={SupplyType.options(lang)} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            label={t('media.slot.adType')}
            name="ad_type_id"
            rules={[slotRule('ad_type_id')]}
          >
            <Select<number>
              allowClear
              placeholder={t('media.slot.noAdType')}
              loading={adTypes.isPending}
              options={adTypeOptions}
              onChange={adTypeChosen}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item label={t('media.slot.adForm')} name="ad_form" rules={[slotRule('ad_form')]}>
            <Select options={AdForm.options(lang)} style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('media.slot.styles')}
          name="style_ids"
          extra={t('media.slot.stylesHelp')}
          rules={[slotRule('style_ids')]}
        >
          <Select<number[]>
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={stylesQuery.isPending}
            options={styleOptions}
          />
        </Form.Item>
        <Form.Item
          label={t('media.slot.countries')}
          name="countries"
          extra={t('media.slot.countriesHelp')}
          rules={[slotRule('countries')]}
        >
          <Select<string[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('media.slot.allCountries')}
            loading={countriesQuery.isPending}
            options={countryOptions}
          />
        </Form.Item>
        <Form.Item label={t('media.slot.size')} extra={t('media.slot.sizeHelp')}>
          <Space align="center">
            <Form.Item name="width" noStyle rules={[slotRule('width')]}>
              <InputNumber<number>
                aria-label={t('media.slot.width')}
                placeholder={t('media.slot.width')}
                min={0}
                max={10_000}
                precision={0}
                className={styles.side}
              />
            </Form.Item>
            <span aria-hidden>×</span>
            <Form.Item name="height" noStyle rules={[slotRule('height')]}>
              <InputNumber<number>
                aria-label={t('media.slot.height')}
                placeholder={t('media.slot.height')}
                min={0}
                max={10_000}
                precision={0}
                className={styles.side}
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item
          label={t('media.slot.lowestBid')}
          name="lowest_bid"
          extra={t('media.slot.lowestBidHelp')}
          rules={[slotRule('lowest_bid')]}
        >
          <MoneyInput className={styles.money} />
        </Form.Item>
        <Form.Item
          label={t('media.slot.auctionType')}
          name="auction_type"
          extra={t('media.slot.auctionTypeHelp')}
          rules={[slotRule('auction_type')]}
        >
          <Select options={AuctionType.options(lang)} style={{ width: 180 }} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
