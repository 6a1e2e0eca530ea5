/**
 * Media and slots between the database and the wire: the editable fields in one canonical
 * form (what is compared for 'None Update' and logged: id lists and country codes without
 * repeats, sorted), the columns they are stored in, and the answers.
 */
import type { Media, Slot } from '@adloom/domain';
import type { SettingEntity } from '../changes/noted.js';
import { isoTimes } from '../../http/present.js';
import * as mediaRepo from './media-repo.js';
import type { MediaInsert, MediaView } from './media-repo.js';
import * as slotRepo from './slot-repo.js';
import type { SlotInsert, SlotRow, SlotView } from './slot-repo.js';

// ---------------------------------------------------------------- media

export interface MediaEditable extends Record<string, unknown> {
  name: string;
  os: number;
  bundle: string;
  owner_id: number;
}

export function mediaFieldsOf(row: MediaView): MediaEditable {
  return { name: row.name, os: row.os, bundle: row.bundle, owner_id: row.ownerId };
}

export function mediaColumnsOf(fields: Partial<MediaEditable>): Partial<MediaInsert> {
  return { name: fields.name, os: fields.os, bundle: fields.bundle, ownerId: fields.owner_id };
}

export const mediaEntity: SettingEntity<MediaView, MediaEditable> = {
  targetType: 'media',
  label: 'Media',
  find: mediaRepo.findMediaView,
  fieldsOf: mediaFieldsOf,
};

export function presentMedia(row: MediaView): Media {
  return {
    id: row.id,
    owner: { id: row.ownerId, username: row.ownerUsername, nickname: row.ownerNickname },
    name: row.name,
    os: row.os,
    bundle: row.bundle,
    status: row.status,
    slot_count: row.slotCount,
    ...isoTimes(row),
  };
}

// ---------------------------------------------------------------- slots

export interface SlotEditable extends Record<string, unknown> {
  name: string;
  code: string | null;
  lowest_bid: number;
  style_ids: number[];
  ad_type_id: number | null;
  ad_form: number;
  countries: string[];
  width: number;
  height: number;
  supply_type: number;
  auction_type: number;
}

/** What a slot's creation logs: its media and every editable field. */
export type SlotLogged = SlotEditable & { media_id: number };

const uniqueSorted = <T extends number | string>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function slotFieldsOf(row: SlotRow): SlotEditable {
  return {
    name: row.name,
    code: row.code,
    lowest_bid: row.lowestBid,
    style_ids: uniqueSorted(row.styleIds),
    ad_type_id: row.adTypeId,
    ad_form: row.adForm,
    countries: uniqueSorted(row.countries),
    width: row.width,
    height: row.height,
    supply_type: row.supplyType,
    auction_type: row.auctionType,
  };
}

/** A sent part of the slot's fields in canonical form (absent fields stay absent). */
export function canonicalSlotPatch<T extends Partial<SlotEditable>>(patch: T): T {
  const result: T = { ...patch };
  if (patch.style_ids) result.style_ids = uniqueSorted(patch.style_ids);
  if (patch.countries) result.countries = uniqueSorted(patch.countries);
  return result;
}

export function slotColumnsOf(fields: Partial<SlotEditable>): Partial<SlotInsert> {
  return {
    name: fields.name,
    code: fields.code,
    lowestBid: fields.lowest_bid,
    styleIds: fields.style_ids,
    adTypeId: fields.ad_type_id,
    adForm: fields.ad_form,
    countries: fields.countries,
    width: fields.width,
    height: fields.height,
    supplyType: fields.supply_type,
    auctionType: fields.auction_type,
  };
}

export const slotEntity: SettingEntity<SlotView, SlotLogged> = {
  targetType: 'slot',
  label: 'Slot',
  find: slotRepo.findSlotView,
  fieldsOf: (row) => ({ media_id: row.mediaId, ...slotFieldsOf(row) }),
};

export function presentSlot(row: SlotView): Slot {
  return {
    id: row.id,
    media_id: row.mediaId,
    media_name: row.mediaName,
    media_status: row.mediaStatus,
    media_os: row.mediaOs,
    media_bundle: row.mediaBundle,
    owner: { id: row.ownerId, username: row.ownerUsername, nickname: row.ownerNickname },
    ...slotFieldsOf(row),
    ad_type_name: row.adTypeName,
    status: row.status,
    ...isoTimes(row),
  };
}
