/**
 * What an incoming OpenRTB 2.6 BidRequest must be for us to answer it, checked like an
 * exchange checks: the objects of openrtb.ts plus the rules across fields (unique impression
 * ids, one distribution channel, a media object per impression, a Native request we can read).
 * Each refusal names the field, as `imp[1].native.request`.
 */
import { z } from 'zod';
import { issueMessage, isMessageCode, messageText } from './messages.js';
import { ZBidRequest } from './openrtb.js';

/** The most impressions one request may hold; more is refused, never silently cut. */
export const OPENRTB_MAX_IMPS = 100;

/** The media objects an impression offers; it must offer at least one. */
export const OPENRTB_MEDIA_OBJECTS = ['banner', 'video', 'audio', 'native'] as const;
/** 2.6: a request comes from a site, an app or a DOOH screen, never two of them. */
export const OPENRTB_CHANNELS = ['site', 'app', 'dooh'] as const;

/**
 * The refusals of the rules across fields, in English for the peer: the schema below and the
 * hot path's reader (openrtb-request-reader.ts) say the same.
 */
export const BID_REQUEST_RULE = {
  tooManyImps: `at most ${OPENRTB_MAX_IMPS} impressions per request`,
  oneChannel: (found: readonly string[]) =>
    `only one of site, app and dooh may be present (found ${found.join(' and ')})`,
  duplicateImp: (id: string) => `duplicate impression id "${id}"`,
  noMedia: 'an impression needs one of banner, video, audio or native',
  unreadableNative: (error: string) => `not a readable Native request: ${error}`,
};

/**
 * The request with every `null` removed, as if the field were absent (2.6 allows either for
 * an optional field; real exchanges send `"site": null`, `"mimes": null`, …). Arrays lose
 * their null entries. The input is left alone: what holds a null is copied, the rest (most
 * requests, whole) is returned as it is, so the hot path allocates nothing for it.
 */
export function withoutNulls(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Array.isArray(value) ? listWithoutNulls(value) : recordWithoutNulls(value);
}

function listWithoutNulls(list: unknown[]): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < list.length; index += 1) {
    const entry = list[index];
    if (entry === null) {
      copy ??= list.slice(0, index);
      continue;
    }
    const kept = withoutNulls(entry);
    if (copy === undefined && kept !== entry) copy = list.slice(0, index);
    copy?.push(kept);
  }
  return copy ?? list;
}

function recordWithoutNulls(record: object): Record<string, unknown> {
  const entries = record as Record<string, unknown>;
  const keys = Object.keys(entries);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const entry = entries[key];
    if (entry === null) {
      copy ??= firstKeys(entries, keys, index);
      continue;
    }
    const kept = withoutNulls(entry);
    if (copy === undefined && kept !== entry) copy = firstKeys(entries, keys, index);
    if (copy !== undefined) copy[key] = kept;
  }
  return copy ?? entries;
}

/** A copy of the record's first `count` keys, when a later one changes. */
function firstKeys(
  record: Record<string, unknown>,
  keys: readonly string[],
  count: number,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < count; index += 1) {
    const key = keys[index] as string;
    copy[key] = record[key];
  }
  return copy;
}

/** A zod issue's path as a field name: `imp[0].banner.format[2].w`. */
export function fieldOf(path: readonly PropertyKey[]): string {
  let field = '';
  for (const key of path) {
    if (typeof key === 'number') field += `[${key}]`;
    else field += field ? `.${String(key)}` : String(key);
  }
  return field || 'body';
}

/** A Native 1.2 request's assets as we read them (the rest of each asset passes through). */
const ZNativeAsset = z.looseObject({ id: z.number().int().min(0).optional() });
const ZNativeRequest = z.looseObject({ assets: z.array(ZNativeAsset).min(1) });
/** A Native asset as its schema reads it, before ids are settled. */
export type NativeAssetInput = z.infer<typeof ZNativeAsset>;
export type NativeRequest = z.infer<typeof ZNativeRequest> & {
  assets: (NativeAssetInput & { id: number })[];
};

/** Native 1.2 Asset: each asset is exactly one of these. */
const NATIVE_ASSET_KINDS = ['title', 'img', 'video', 'data'] as const;

/**
 * Native 1.2 asset ids are "assigned by exchange, typically a counter for the array": when a
 * request's assets carry none at all, the ids are their indexes, as Prebid Server assigns
 * them; an answer names those. When some carry one, every asset must.
 */
export function nativeAssetIdsByIndex(assets: readonly unknown[]): boolean {
  return assets.every(
    (asset) => typeof asset !== 'object' || asset === null || !('id' in asset) || asset.id == null,
  );
}

/**
 * A schema issue as an OpenRTB peer reads it: an English sentence, never the catalogue's code
 * (zod's messages are codes, messages.ts); a schema's own text stays as it is.
 */
export function openRtbIssueText(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'invalid';
  if (!isMessageCode(issue.message)) return issue.message;
  const { code, params } = issueMessage(issue);
  return messageText(code, 'en', params);
}

/**
 * The Native request carried as a JSON string in `imp.native.request`, Native 1.2 or the
 * 1.0 form wrapped in `{"native": …}`; an error message when it cannot be read.
 */
export function readNativeRequest(text: string): { request: NativeRequest } | { error: string } {
  const read = nativeRequestJson(text);
  if ('error' in read) return read;
  const parsed = ZNativeRequest.safeParse(withoutNulls(read.json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${fieldOf(issue?.path ?? [])}: ${openRtbIssueText(issue)}` };
  }
  const assets = nativeAssetsOf(parsed.data.assets);
  return 'error' in assets ? assets : { request: { ...parsed.data, assets: assets.assets } };
}

/** The JSON object of a Native request's text, unwrapped from the 1.0 form, and as parsed. */
export function nativeRequestJson(
  text: string,
): { json: object; parsed: unknown } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'is not JSON' };
  }
  const unwrapped =
    typeof json === 'object' && json !== null && 'native' in json ? json.native : json;
  // A request encoded twice reads as a string: say so rather than name no field.
  if (typeof unwrapped !== 'object' || unwrapped === null || Array.isArray(unwrapped)) {
    return { error: 'is not a JSON object' };
  }
  return { json: unwrapped, parsed: json };
}

/**
 * The assets of a Native request whose schema holds, each with its id (its index when none
 * carries one); an error when an asset is not exactly one kind or the ids are missing or
 * repeated.
 */
export function nativeAssetsOf(
  assets: readonly NativeAssetInput[],
): { assets: NativeRequest['assets'] } | { error: string } {
  const byIndex = nativeAssetIdsByIndex(assets);
  const seen = new Set<number>();
  const read: NativeRequest['assets'] = [];
  for (const [index, asset] of assets.entries()) {
    const kinds = NATIVE_ASSET_KINDS.filter((kind) => asset[kind] !== undefined);
    if (kinds.length !== 1) {
      return { error: `assets[${index}]: an asset is exactly one of title, img, video or data` };
    }
    const id = byIndex ? index : asset.id;
    if (id === undefined) return { error: `assets[${index}].id: required when others have ids` };
    if (seen.has(id)) return { error: `assets[${index}].id: duplicate asset id ${id}` };
    seen.add(id);
    read.push({ ...asset, id });
  }
  return { assets: read };
}

/** An incoming BidRequest: the 2.6 objects and the rules across their fields. */
export const ZIncomingBidRequest = ZBidRequest.superRefine((request, context) => {
  if (request.imp.length > OPENRTB_MAX_IMPS) {
    context.addIssue({ code: 'custom', path: ['imp'], message: BID_REQUEST_RULE.tooManyImps });
    return;
  }
  const channels = OPENRTB_CHANNELS.filter((channel) => request[channel] !== undefined);
  if (channels.length > 1) {
    context.addIssue({
      code: 'custom',
      path: [channels[1] ?? 'site'],
      message: BID_REQUEST_RULE.oneChannel(channels),
    });
  }
  const impIds = new Set<string>();
  for (const [index, imp] of request.imp.entries()) {
    if (impIds.has(imp.id)) {
      context.addIssue({
        code: 'custom',
        path: ['imp', index, 'id'],
        message: BID_REQUEST_RULE.duplicateImp(imp.id),
      });
    }
    impIds.add(imp.id);
    if (!OPENRTB_MEDIA_OBJECTS.some((media) => imp[media] !== undefined)) {
      context.addIssue({ code: 'custom', path: ['imp', index], message: BID_REQUEST_RULE.noMedia });
    }
    if (imp.native) {
      const native = readNativeRequest(imp.native.request);
      if ('error' in native) {
        context.addIssue({
          code: 'custom',
          path: ['imp', index, 'native', 'request'],
          message: BID_REQUEST_RULE.unreadableNative(native.error),
        });
      }
    }
  }
});
