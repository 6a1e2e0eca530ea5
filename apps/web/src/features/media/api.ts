/**
 * The media and slot forms as the console uses them: form values from a media or slot and
 * back (the lowest bid in currency units on the form, micros on the wire), the sizes as
 * lists show them, the shared schemas as form rules, the server's messages in the
 * interface language, and the reads the screens share.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import {
  AdForm,
  DEFAULT_AUCTION_TYPE,
  SupplyType,
  ZMediaFields,
  ZSlotFields,
  fromMicros,
  listAdTypes,
  listAllMedia,
  listMediaOwners,
  toMicros,
  type Media,
  type MediaFields,
  type Slot,
  type SlotFields,
} from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { endpointQuery } from '../../lib/query';
import { messageText, type MessageLike } from '../../lib/messages';
import { fieldProblem, isRequiredField } from '../../lib/zodRule';

// ---------------------------------------------------------------- messages

/** A media or slot message (docs/product/messages-and-codes.md#form-messages, the schemas, the server) in the interface language. */
export function mediaText(message: MessageLike, _t?: TFunction): string {
  return messageText(message);
}

/**
 * A server error with its field messages translated and its paths on the form's fields
 * (a country or style of a list is reported on the list).
 */
export function translatedError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  const fields = error.fields.map((issue) => ({
    ...issue,
    path: issue.path.replace(/^(countries|style_ids)\.\d+$/, '$1'),
    message: mediaText(issue),
  }));
  return new ApiError(error.code, error.message, error.msg, fields);
}

/** Runs a call and rethrows its failure with the field messages translated. */
export async function translating<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw translatedError(error);
  }
}

// ---------------------------------------------------------------- media form

export interface MediaForm {
  name: string;
  os: number;
  bundle: string;
  owner_id?: number | undefined;
}

export const EMPTY_MEDIA_FORM: MediaForm = { name: '', os: 0, bundle: '' };

export function mediaFormOf(row: Media): MediaForm {
  return { name: row.name, os: row.os, bundle: row.bundle, owner_id: row.owner.id };
}

/** The body of a media write: trimmed texts; the owner only when one was chosen. */
export function mediaBodyOf(values: MediaForm): MediaFields {
  return {
    name: (values.name ?? '').trim(),
    os: values.os ?? 0,
    bundle: (values.bundle ?? '').trim(),
    ...(values.owner_id ? { owner_id: values.owner_id } : {}),
  };
}

/** An antd rule checking one media field with the shared schema. */
export function mediaRule(field: keyof MediaForm): FormRule {
  const required = isRequiredField(ZMediaFields, field);
  return (form) => ({
    required,
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as MediaForm), [field]: value };
      const problem = fieldProblem(ZMediaFields, field, { ...mediaBodyOf(values) });
      if (problem) throw new Error(mediaText(problem));
    },
  });
}

// ---------------------------------------------------------------- slot form

export interface SlotForm {
  media_id: number | undefined;
  name: string;
  /** The operator's code for OpenRTB and Prebid; blank = none. */
  code: string;
  /** In currency units, as typed. */
  lowest_bid: string | null;
  style_ids: number[];
  ad_type_id: number | null | undefined;
  ad_form: number;
  countries: string[];
  width: number | null;
  height: number | null;
  supply_type: number;
  /** AuctionType: 1 first price, 2 second price. */
  auction_type: number;
}

export const EMPTY_SLOT_FORM: SlotForm = {
  media_id: undefined,
  name: '',
  code: '',
  lowest_bid: '0',
  style_ids: [],
  ad_type_id: null,
  ad_form: AdForm.unlimited,
  countries: [],
  width: 0,
  height: 0,
  supply_type: SupplyType.sdk,
  auction_type: DEFAULT_AUCTION_TYPE,
};

/** Micros → the text a money input shows ("1.5"). */
export function unitsText(micros: number): string {
  return String(fromMicros(micros));
}

/** A money input's text → micros; NaN when it is not an amount. */
export function microsOf(text: string | number | null | undefined): number {
  const value = String(text ?? '').trim();
  if (value === '') return 0;
  try {
    return toMicros(value);
  } catch {
    return Number.NaN;
  }
}

export function slotFormOf(slot: Slot): SlotForm {
  return {
    media_id: slot.media_id,
    name: slot.name,
    code: slot.code ?? '',
    lowest_bid: unitsText(slot.lowest_bid),
    style_ids: slot.style_ids,
    ad_type_id: slot.ad_type_id,
    ad_form: slot.ad_form,
    countries: slot.countries,
    width: slot.width,
    height: slot.height,
    supply_type: slot.supply_type,
    auction_type: slot.auction_type,
  };
}

const sortedUnique = <T extends string | number>(values: readonly T[] | undefined): T[] =>
  [...new Set(values ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The body of a slot write: money in micros, lists without repeats and sorted, empty sizes 0. */
export function slotBodyOf(values: SlotForm): Omit<SlotFields, 'media_id'> & { media_id: number } {
  return {
    media_id: values.media_id ?? 0,
    name: (values.name ?? '').trim(),
    code: (values.code ?? '').trim() || null,
    lowest_bid: microsOf(values.lowest_bid),
    style_ids: sortedUnique(values.style_ids),
    ad_type_id: values.ad_type_id ?? null,
    ad_form: values.ad_form ?? AdForm.unlimited,
    countries: sortedUnique(values.countries),
    width: values.width ?? 0,
    height: values.height ?? 0,
    supply_type: values.supply_type ?? SupplyType.sdk,
    auction_type: values.auction_type ?? DEFAULT_AUCTION_TYPE,
  };
}

/** The editable fields of a slot as a modify compares them (no media: it is fixed). */
export function slotEditableOf(values: SlotForm) {
  const { media_id: _media, ...editable } = slotBodyOf(values);
  return editable;
}

/** The first problem with one slot field, in the interface language. */
export function slotFieldProblem(field: keyof SlotForm, values: SlotForm): string | undefined {
  const body = slotBodyOf(values);
  if (field === 'lowest_bid' && Number.isNaN(body.lowest_bid)) {
    return messageText('fund.amountFormat');
  }
  if (field === 'media_id' && !values.media_id) return messageText('input.required');
  const problem = fieldProblem(ZSlotFields, field, { ...body });
  return problem ? mediaText(problem) : undefined;
}

/** An antd rule checking one slot field with the shared schema. */
export function slotRule(field: keyof SlotForm): FormRule {
  const required = field === 'media_id' || isRequiredField(ZSlotFields, field);
  return (form) => ({
    required,
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as SlotForm), [field]: value };
      const problem = slotFieldProblem(field, values);
      if (problem) throw new Error(problem);
    },
  });
}

// ---------------------------------------------------------------- showing

/** A slot size: "320 × 50", "Unlimited" when both are 0, "any" for one 0 side. */
export function sizeText(width: number, height: number, t: TFunction = i18n.t): string {
  if (width === 0 && height === 0) return t('media.slot.unlimited');
  const side = (value: number) => (value === 0 ? t('media.slot.anySide') : String(value));
  return `${side(width)} × ${side(height)}`;
}

// ---------------------------------------------------------------- reads

/** Every media in reach that is not deleted (selects and the slot filter). */
export function useAllMedia() {
  return useQuery(endpointQuery(listAllMedia, undefined, { silent: true }));
}

export function useAdTypes() {
  return useQuery(endpointQuery(listAdTypes, undefined, { silent: true }));
}

/** The accounts a media may belong to, matching what was typed. */
export function useMediaOwners(keyword: string, enabled = true) {
  const text = keyword.trim();
  return useQuery({
    ...endpointQuery(listMediaOwners, text ? { keyword: text } : {}, { silent: true }),
    enabled,
  });
}
