/**
 * Why a demand partner's bid was refused before our auction (issue 22 item 2): the codes
 * partner health counts (dsp_rejections_hourly) and the DSP screen shows, in en/zh.
 */
import { defineEnum, type EnumValue } from './enum.js';

export const BidRejection = defineEnum({
  unknownImp: {
    value: 'unknownImp',
    en: 'Names an impression (impid) the request does not have',
    zh: '出价的 impid 不在请求中',
  },
  noPrice: { value: 'noPrice', en: 'No price above 0', zh: '价格不大于 0' },
  absurdPrice: { value: 'absurdPrice', en: 'Absurd price', zh: '价格异常' },
  belowFloor: { value: 'belowFloor', en: 'Under the floor', zh: '低于底价' },
  noCreativeId: { value: 'noCreativeId', en: 'No creative id (crid)', zh: '缺少创意 ID (crid)' },
  noMarkup: {
    value: 'noMarkup',
    en: 'No markup (adm): markup on the win notice is not taken',
    zh: '缺少素材 (adm)：不接受通过赢价通知下发的素材',
  },
  currency: {
    value: 'currency',
    en: 'Currency not allowed (no rate in the currency table)',
    zh: '币种不被接受（汇率表中无此币种）',
  },
  markupType: {
    value: 'markupType',
    en: 'Markup type the impression does not take',
    zh: '素材类型与展示位不符',
  },
  size: {
    value: 'size',
    en: "Size not among the impression's formats",
    zh: '尺寸不在展示位允许的尺寸中',
  },
  insecure: {
    value: 'insecure',
    en: 'Insecure (http) markup on a secure impression',
    zh: '安全展示位上的非安全 (http) 素材',
  },
  blockedAdvertiser: {
    value: 'blockedAdvertiser',
    en: 'Advertiser domain the request blocks (badv)',
    zh: '请求屏蔽的广告主域名 (badv)',
  },
  blockedCategory: {
    value: 'blockedCategory',
    en: 'Category the request blocks (bcat)',
    zh: '请求屏蔽的类别 (bcat)',
  },
});
export type BidRejectionValue = EnumValue<typeof BidRejection>;
