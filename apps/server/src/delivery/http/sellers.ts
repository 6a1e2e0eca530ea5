/**
 * `/sellers.json` (IAB Tech Lab sellers.json 1.0): the media owners whose inventory we sell,
 * each under the seller id our supply-chain node names them by (`sid` in the schain partners
 * get, upstream/bid-request.ts) — the owner's account id. An owner is listed while it has a
 * media that is not deleted; its name is its nickname, else its username; the domain is the
 * owner's first web media domain when it has one.
 */
import { asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { media, users } from '../../db/schema.js';

export const SELLERS_JSON_PATH = '/sellers.json';
/** WideStatus deleted. */
const DELETED = 5;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i;

export interface SellerEntry {
  seller_id: string;
  name: string;
  domain?: string;
  seller_type: 'PUBLISHER';
}

export interface SellersJson {
  version: '1.0';
  sellers: SellerEntry[];
}

export async function sellersJson(db: Database): Promise<SellersJson> {
  const rows = await db
    .select({
      ownerId: media.ownerId,
      nickname: users.nickname,
      username: users.username,
      os: media.os,
      bundle: media.bundle,
    })
    .from(media)
    .innerJoin(users, eq(users.id, media.ownerId))
    .where(ne(media.status, DELETED))
    .orderBy(asc(media.ownerId), asc(media.id));
  const sellers = new Map<number, SellerEntry>();
  for (const row of rows) {
    const seller = sellers.get(row.ownerId) ?? {
      seller_id: String(row.ownerId),
      name: row.nickname.trim() || row.username,
      seller_type: 'PUBLISHER' as const,
    };
    // os 0 is web: its bundle is the site's domain.
    const domain = row.bundle.trim().toLowerCase();
    if (!seller.domain && row.os === 0 && DOMAIN.test(domain)) seller.domain = domain;
    sellers.set(row.ownerId, seller);
  }
  return { version: '1.0', sellers: [...sellers.values()] };
}
