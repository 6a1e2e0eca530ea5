/** The labels of a media's and a slot's fields in their change history, as the forms name them. */
import { useTranslation } from 'react-i18next';

const KEYS: Record<string, string> = {
  name: 'media.name',
  os: 'media.os',
  bundle: 'media.bundle',
  owner_id: 'media.owner',
  media_id: 'media.slot.media',
  lowest_bid: 'media.slot.lowestBid',
  style_ids: 'media.slot.styles',
  ad_type_id: 'media.slot.adType',
  ad_form: 'media.slot.adForm',
  countries: 'media.slot.countries',
  width: 'media.slot.width',
  height: 'media.slot.height',
  supply_type: 'media.slot.supplyType',
  auction_type: 'media.slot.auctionType',
  status: 'list.status',
};

export function useMediaFieldLabels(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const key = KEYS[field];
    return key ? t(key) : undefined;
  };
}
