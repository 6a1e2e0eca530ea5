/**
 * The label of a changed field in the history drawer: the wire names a write carries
 * (lang_ids, ad_form, …) mapped to the texts their forms show.
 */
const FIELD_LABEL_KEYS: Record<string, string> = {
  name: 'settings.name',
  code: 'settings.code',
  lang_ids: 'settings.languages',
  lang_id: 'settings.mainLanguage',
  status: 'list.status',
  type: 'settings.styleType',
  icon_size: 'settings.iconSize',
  img_size: 'settings.imageSize',
  img3_size: 'settings.threeImageSize',
  video_size: 'settings.videoSize',
  meta: 'settings.meta',
  title_length: 'settings.titleLength',
  description_length: 'settings.descriptionLength',
  ad_form: 'settings.adForm',
  sort: 'settings.sort',
  username: 'user.username',
  nickname: 'user.nickname',
  avatar: 'user.avatar',
  introduction: 'user.introduction',
};

/** The i18n key of a field's label, or undefined for a field without one. */
export function fieldLabelKey(field: string): string | undefined {
  return FIELD_LABEL_KEYS[field];
}

/** Fields that hold money in micros (plans, strategies, slots, demand partners). */
const MONEY_FIELDS: ReadonlySet<string> = new Set(['budget', 'bid', 'lowest_bid', 'cpm']);

export function isMoneyField(field: string): boolean {
  return MONEY_FIELDS.has(field);
}
