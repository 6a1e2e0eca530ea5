/**
 * A BidResponse checked field by field against the OpenRTB 2.6 object model (§3.2.x
 * BidResponse, SeatBid, Bid) and against the request it answers: every bid names one of the
 * request's impressions, in a currency the request allows, at or above the floor, with a
 * markup type the impression offers, a banner size among its formats, VAST in a version its
 * protocols take, and a Native 1.2 answer whose assets are the request's (ids, kinds, title
 * length, required ones present: native-conformance.ts). The interop suite holds every 200
 * answer to it; the auction uses `nativeAnswerIssues` to refuse a partner's native markup
 * that would break it.
 */
import {
  isInt,
  isIntList,
  isRecord,
  isStringList,
  type ConformanceIssue,
  type Json,
} from './json-checks.js';
import { nativeAnswerIssues } from './native-conformance.js';

/** The fields of 2.6 Bid with their types (§3.2.3); `ext` is any object. */
const BID_FIELDS: Readonly<Record<string, (value: unknown) => boolean>> = {
  id: (v) => typeof v === 'string' && v !== '',
  impid: (v) => typeof v === 'string' && v !== '',
  price: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  nurl: (v) => typeof v === 'string',
  burl: (v) => typeof v === 'string',
  lurl: (v) => typeof v === 'string',
  adm: (v) => typeof v === 'string',
  adid: (v) => typeof v === 'string',
  adomain: isStringList,
  bundle: (v) => typeof v === 'string',
  iurl: (v) => typeof v === 'string',
  cid: (v) => typeof v === 'string',
  crid: (v) => typeof v === 'string',
  tactic: (v) => typeof v === 'string',
  cattax: isInt,
  cat: isStringList,
  attr: isIntList,
  apis: isIntList,
  api: isInt,
  protocol: isInt,
  qagmediarating: isInt,
  language: (v) => typeof v === 'string',
  langb: (v) => typeof v === 'string',
  dealid: (v) => typeof v === 'string',
  w: (v) => isInt(v) && v >= 0,
  h: (v) => isInt(v) && v >= 0,
  wratio: (v) => isInt(v) && v > 0,
  hratio: (v) => isInt(v) && v > 0,
  exp: (v) => isInt(v) && v >= 0,
  dur: (v) => isInt(v) && v >= 0,
  mtype: (v) => isInt(v) && v >= 1 && v <= 4,
  slotinpod: isInt,
  ext: isRecord,
};
const REQUIRED_BID_FIELDS = ['id', 'impid', 'price'];

/** OpenRTB protocol codes of the inline VAST versions. */
const VAST_PROTOCOL: Readonly<Record<string, number>> = {
  '2.0': 2,
  '3.0': 3,
  '4.0': 7,
  '4.1': 11,
  '4.2': 13,
};

export interface ConformanceOptions {
  /** Adloom's own rule, stricter than 2.6: every bid states its size (w and h). */
  requireSize?: boolean;
}

export function bidResponseIssues(
  request: unknown,
  response: unknown,
  options: ConformanceOptions = {},
): ConformanceIssue[] {
  const issues: ConformanceIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (!isRecord(request) || !Array.isArray(request.imp)) {
    add('request', 'not a BidRequest');
    return issues;
  }
  if (!isRecord(response)) {
    add('', 'a BidResponse is a JSON object');
    return issues;
  }
  if (response.id !== request.id) add('id', 'must be the id of the request it answers');
  const allowed = isStringList(request.cur) && request.cur.length > 0 ? request.cur : ['USD'];
  const currency = response.cur ?? 'USD';
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    add('cur', 'an ISO-4217 alpha code');
  } else if (!allowed.includes(currency)) {
    add('cur', `${currency} is not among the request's currencies ${allowed.join(', ')}`);
  }
  if (response.bidid !== undefined && typeof response.bidid !== 'string') add('bidid', 'a string');
  if (response.nbr !== undefined && !isInt(response.nbr)) add('nbr', 'an integer');
  if (!Array.isArray(response.seatbid) || response.seatbid.length === 0) {
    add('seatbid', 'a 200 answer carries at least one seat bid');
    return issues;
  }
  const imps = new Map<string, Json>();
  for (const imp of request.imp)
    if (isRecord(imp) && typeof imp.id === 'string') imps.set(imp.id, imp);
  const bidIds = new Set<string>();
  response.seatbid.forEach((seatbid: unknown, s: number) => {
    const seatPath = `seatbid.${s}`;
    if (!isRecord(seatbid)) return add(seatPath, 'a SeatBid object');
    if (seatbid.seat !== undefined && typeof seatbid.seat !== 'string')
      add(`${seatPath}.seat`, 'a string');
    if (seatbid.group !== undefined && seatbid.group !== 0 && seatbid.group !== 1) {
      add(`${seatPath}.group`, '0 or 1');
    }
    if (!Array.isArray(seatbid.bid) || seatbid.bid.length === 0) {
      return add(`${seatPath}.bid`, 'at least one bid');
    }
    const answered = new Set<string>();
    seatbid.bid.forEach((bid: unknown, b: number) => {
      const path = `${seatPath}.bid.${b}`;
      if (!isRecord(bid)) return add(path, 'a Bid object');
      for (const field of REQUIRED_BID_FIELDS) {
        if (bid[field] === undefined) add(`${path}.${field}`, 'required');
      }
      for (const [field, value] of Object.entries(bid)) {
        const check = BID_FIELDS[field];
        if (check && !check(value)) add(`${path}.${field}`, 'wrong type or range');
      }
      if (typeof bid.id === 'string') {
        if (bidIds.has(bid.id)) add(`${path}.id`, 'bid ids are unique within the answer');
        bidIds.add(bid.id);
      }
      const imp = typeof bid.impid === 'string' ? imps.get(bid.impid) : undefined;
      if (!imp) return add(`${path}.impid`, 'names no impression of the request');
      if (answered.has(bid.impid as string))
        add(`${path}.impid`, 'one bid per impression and seat');
      answered.add(bid.impid as string);
      bidAgainstImp(bid, imp, path, add, options);
      bidAgainstBlocks(bid, request, path, add);
    });
  });
  return issues;
}

/** The request's blocks: advertiser domains (`badv`, subdomains too) and categories (`bcat`). */
function bidAgainstBlocks(
  bid: Json,
  request: Json,
  path: string,
  add: (path: string, message: string) => void,
): void {
  const badv = isStringList(request.badv) ? request.badv.map((domain) => domain.toLowerCase()) : [];
  if (isStringList(bid.adomain)) {
    for (const domain of bid.adomain) {
      const host = domain.toLowerCase();
      if (badv.some((blocked) => host === blocked || host.endsWith(`.${blocked}`)))
        add(`${path}.adomain`, `${domain} is blocked by the request (badv)`);
    }
  }
  const bcat = isStringList(request.bcat) ? request.bcat : [];
  // Only the default taxonomy's codes compare (2.6: bcat and cat default to cattax 1).
  const sameTaxonomy = (request.cattax ?? 1) === (bid.cattax ?? 1);
  if (sameTaxonomy && isStringList(bid.cat)) {
    for (const category of bid.cat) {
      if (bcat.includes(category))
        add(`${path}.cat`, `${category} is blocked by the request (bcat)`);
    }
  }
}

function bidAgainstImp(
  bid: Json,
  imp: Json,
  path: string,
  add: (path: string, message: string) => void,
  options: ConformanceOptions,
): void {
  const floor = typeof imp.bidfloor === 'number' ? imp.bidfloor : 0;
  if (typeof bid.price === 'number' && bid.price < floor)
    add(`${path}.price`, `below the floor ${floor}`);
  const pmp = isRecord(imp.pmp) ? imp.pmp : {};
  const deals = Array.isArray(pmp.deals)
    ? pmp.deals.flatMap((deal: unknown) =>
        isRecord(deal) && typeof deal.id === 'string' ? [deal.id] : [],
      )
    : [];
  if (bid.dealid !== undefined && !deals.includes(bid.dealid as string)) {
    add(`${path}.dealid`, 'names no deal of the impression');
  } else if (pmp.private_auction === 1 && bid.dealid === undefined) {
    add(`${path}.dealid`, 'a private auction takes bids under its deals only');
  }
  if (typeof bid.adm !== 'string' && typeof bid.nurl !== 'string') {
    add(`${path}.adm`, 'the markup, or a win notice that returns it');
  }
  const mtype = bid.mtype;
  if (!isInt(mtype)) return add(`${path}.mtype`, 'every bid says its markup type');
  const offered: Readonly<Record<number, unknown>> = {
    1: imp.banner,
    2: imp.video,
    3: imp.audio,
    4: imp.native,
  };
  if (!isRecord(offered[mtype]))
    return add(`${path}.mtype`, `${mtype} is not a type the impression offers`);
  const adm = typeof bid.adm === 'string' ? bid.adm : '';
  if (
    options.requireSize &&
    (mtype === 1 || mtype === 2) &&
    (!isInt(bid.w) || !isInt(bid.h) || !bid.w || !bid.h)
  ) {
    add(`${path}.w`, 'every banner and video bid states its size');
  }
  if (mtype === 1) {
    if (adm.trimStart().startsWith('<VAST') || adm.trimStart().startsWith('{')) {
      add(`${path}.adm`, 'banner markup is HTML');
    }
    const sizes = bannerSizes(imp.banner as Json);
    if (
      sizes.length > 0 &&
      isInt(bid.w) &&
      isInt(bid.h) &&
      !sizes.some(([w, h]) => w === bid.w && h === bid.h)
    ) {
      if (!flexFits(imp.banner as Json, bid.w, bid.h)) {
        add(`${path}.w`, `${bid.w}x${bid.h} is not among the impression's sizes`);
      }
    }
  } else if (mtype === 2) {
    const video = imp.video as Json;
    const version = /<VAST[^>]*\sversion="([\d.]+)"/.exec(adm)?.[1];
    if (!version) return add(`${path}.adm`, 'video markup is VAST with a version');
    const protocols = isIntList(video.protocols) ? video.protocols : undefined;
    const code = VAST_PROTOCOL[version];
    if (protocols && (code === undefined || !protocols.includes(code))) {
      add(`${path}.adm`, `VAST ${version} is not among the impression's protocols`);
    }
    const mimes = isStringList(video.mimes) ? video.mimes : undefined;
    const types = [...adm.matchAll(/<MediaFile[^>]*\stype="([^"]+)"/g)].map((match) => match[1]);
    if (mimes && types.length > 0 && !types.some((type) => type && mimes.includes(type))) {
      add(`${path}.adm`, 'no media file of a MIME type the impression takes');
    }
  } else if (mtype === 4) {
    const native = imp.native as Json;
    for (const issue of nativeAnswerIssues(native.request, adm)) {
      add(`${path}.adm${issue.path ? `.${issue.path}` : ''}`, issue.message);
    }
  }
}

function bannerSizes(banner: Json): [number, number][] {
  const sizes: [number, number][] = [];
  if (Array.isArray(banner.format)) {
    for (const format of banner.format) {
      if (isRecord(format) && isInt(format.w) && isInt(format.h) && format.w > 0 && format.h > 0) {
        sizes.push([format.w, format.h]);
      }
    }
  }
  if (isInt(banner.w) && isInt(banner.h) && banner.w > 0 && banner.h > 0)
    sizes.push([banner.w, banner.h]);
  return sizes;
}

function flexFits(banner: Json, w: number, h: number): boolean {
  if (!Array.isArray(banner.format)) return false;
  return banner.format.some(
    (format) =>
      isRecord(format) &&
      isInt(format.wratio) &&
      isInt(format.hratio) &&
      w >= (isInt(format.wmin) ? format.wmin : 0) &&
      w * format.hratio === h * format.wratio,
  );
}
