/** Media, slots, demand partners and the SSP strategy form. */
import type { Label } from '../labels.js';

/** Media and slots beyond docs/product/messages-and-codes.md#form-messages. */
export const SUPPLY_MESSAGES = {
  bundle: {
    en: 'Use a package name such as com.example.app or a domain such as example.com',
    zh: '请填写包名（如 com.example.app）或域名（如 example.com）',
  },
  countryCode: { en: 'Use two-letter country codes', zh: '请使用两位字母的国家代码' },
  unknownCountry: { en: 'Unknown country', zh: '未知的国家' },
  unknownAdType: { en: 'There is no such active ad type', zh: '没有这个启用的广告类型' },
  unknownOwner: { en: 'There is no such account', zh: '没有这个账户' },
  unknownMedia: { en: 'There is no such media', zh: '没有这个媒体' },
  mediaDeleted: { en: 'This media is deleted', zh: '该媒体已删除' },
  mediaFinal: { en: 'A deleted media cannot be changed', zh: '已删除的媒体不能再修改' },
  slotFinal: { en: 'A deleted slot cannot be changed', zh: '已删除的广告位不能再修改' },
  slotCodeTaken: { en: 'Another slot has this code', zh: '已有其他广告位使用这个代码' },
  slotCode: {
    en: 'A code is up to 64 characters without control characters',
    zh: '代码最多 64 个字符，不能包含控制字符',
  },
  os: { en: 'Unknown OS', zh: '未知的操作系统' },
  adForm: { en: 'Unknown ad form', zh: '未知的广告形式' },
  supplyType: { en: 'Unknown supply type', zh: '未知的供应类型' },
  status: {
    en: 'Must be 0 (active), 1 (inactive) or 5 (deleted)',
    zh: '只能是 0（启用）、1（停用）或 5（已删除）',
  },
} as const satisfies Record<string, Label>;

/** Demand partners and the SSP strategy form beyond docs/product/messages-and-codes.md#form-messages. */
export const DSP_MESSAGES = {
  credentials: { en: 'Must not contain a user name or password', zh: '不能包含用户名或密码' },
  privateAddress: {
    en: 'Must not point to a private or loopback address',
    zh: '不能指向私有或本机回环地址',
  },
  slotType: { en: 'Unknown slot type', zh: '未知的广告位类型' },
  dspType: { en: 'Unknown DSP type', zh: '未知的需求方类型' },
  userSync: {
    en: 'userSync must be the partner’s http(s) user-sync URL, without a user name or password',
    zh: 'userSync 须为需求方的 http(s) 用户同步地址，且不含用户名或密码',
  },
  userSyncType: {
    en: 'userSyncType must be "iframe" or "redirect"',
    zh: 'userSyncType 须为 "iframe" 或 "redirect"',
  },
  chooseDsp: { en: 'Choose a demand partner', zh: '请选择需求方' },
  permilleRange: { en: 'A whole number from 0 to 1000', zh: '0 到 1000 之间的整数' },
  dspOnce: { en: 'Each demand partner once', zh: '每个需求方只能出现一次' },
  unknownDsp: { en: 'Unknown demand partner', zh: '未知的需求方' },
  inactiveDsp: { en: 'The demand partner is inactive', zh: '该需求方已停用' },
  unknownSlot: { en: 'Unknown slot', zh: '未知的广告位' },
  triggerOnce: { en: 'One rule per trigger', zh: '每种触发条件只能有一条规则' },
  allocationsOver: {
    en: 'The allocations add up to {{sum}}‰; at most {{max}}‰',
    zh: '分配合计 {{sum}}‰，最多 {{max}}‰',
  },
} as const satisfies Record<string, Label>;
