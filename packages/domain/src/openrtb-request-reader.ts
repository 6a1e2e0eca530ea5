/**
 * The incoming BidRequest read by hand, for the hot path of /openrtb2/auction and
 * /dsp/openrtb2: one walk over the parsed JSON that accepts exactly what `ZIncomingBidRequest`
 * accepts after `withoutNulls`, answers an equal value (the body itself when it holds no null)
 * and refuses with the same first issue, field and English text. zod's generic parse copied
 * every object and ran a check list per field, about a tenth of the auction's time
 * (docs/PERFORMANCE.md); the schema stays the definition, and
 * apps/server/src/delivery/http/bid-request-reader.test.ts holds this reader to it on real and
 * generated requests. A field added to the schema is added here, in the schema's order.
 */
import { messageText, type MessageCode, type MessageParams } from './messages.js';
import { OPENRTB_FLAG_MESSAGE, type BidRequest } from './openrtb.js';
import {
  BID_REQUEST_RULE,
  OPENRTB_CHANNELS,
  OPENRTB_MEDIA_OBJECTS,
  OPENRTB_MAX_IMPS,
  fieldOf,
  nativeAssetsOf,
  nativeRequestJson,
  withoutNulls,
  type NativeAssetInput,
} from './openrtb-request.js';

/**
 * What reading a body gives: the request, with each impression's Native request as parsed
 * JSON (by impression index; read once, for the answer too), or the first refusal and the
 * request's id.
 */
export type BidRequestReading =
  | { success: true; data: BidRequest; natives: readonly unknown[] }
  | { success: false; id: string; field: string; message: string };

interface Refusal {
  path: (string | number)[];
  message: string;
}

type Check = (input: unknown) => Refusal | undefined;
type Json = Record<string, unknown>;

/** Reads a parsed JSON body as an incoming BidRequest (module comment). */
export function readBidRequest(body: unknown): BidRequestReading {
  const input = withoutNulls(body);
  const natives: unknown[] = [];
  const refusal = bidRequestRefusal(input, natives);
  if (!refusal) return { success: true, data: input as BidRequest, natives };
  const id = isRecord(input) && typeof input.id === 'string' ? input.id : '';
  return { success: false, id, field: fieldOf(refusal.path), message: refusal.message };
}

const refuse = (message: string): Refusal => ({ path: [], message });
const refuseWith = (code: MessageCode, params?: MessageParams): Refusal =>
  refuse(messageText(code, 'en', params));

/** The refusal found under `key`, its path made longer (only on the way out of a refusal). */
function under(key: string | number, found: Refusal | undefined): Refusal | undefined {
  found?.path.unshift(key);
  return found;
}

const isRecord = (input: unknown): input is Json =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** A value of the wrong type: "required" when it is missing or empty text, as zod's map says. */
const wrongType = (input: unknown): Refusal =>
  refuseWith(input === undefined || input === '' ? 'input.required' : 'input.invalidType');

const text: Check = (input) => (typeof input === 'string' ? undefined : wrongType(input));

/** `z.string().min(1)`. */
const filledText: Check = (input) => {
  if (typeof input !== 'string') return wrongType(input);
  return input.length === 0 ? refuseWith('input.required', { min: 1 }) : undefined;
};

const isNumber = (input: unknown): input is number =>
  typeof input === 'number' && Number.isFinite(input);

/** `z.number().finite().min(0)`. */
const nonNegative: Check = (input) => {
  if (!isNumber(input)) return refuseWith('input.notNumber');
  return input < 0 ? refuseWith('input.tooSmall', { min: 0 }) : undefined;
};

/** `z.number().int()`: a safe integer. */
const integer: Check = (input) => {
  if (!isNumber(input)) return refuseWith('input.notNumber');
  if (!Number.isInteger(input)) return refuseWith('input.notInteger');
  if (Number.isSafeInteger(input)) return undefined;
  return input > 0
    ? refuseWith('input.tooBig', { max: Number.MAX_SAFE_INTEGER })
    : refuseWith('input.tooSmall', { min: Number.MIN_SAFE_INTEGER });
};

/** `z.number().int().min(0)`: sizes, durations, times. */
const count: Check = (input) =>
  integer(input) ?? ((input as number) < 0 ? refuseWith('input.tooSmall', { min: 0 }) : undefined);

const flag: Check = (input) =>
  input === 0 || input === 1 ? undefined : refuse(OPENRTB_FLAG_MESSAGE);

/** `.optional()` of a check. */
const optional =
  (check: Check): Check =>
  (input) =>
    input === undefined ? undefined : check(input);

/** `z.array(entry)`, at least `min` long: the entries first, then the length, as zod. */
const list =
  (entry: Check, min = 0): Check =>
  (input) => {
    if (!Array.isArray(input)) return wrongType(input);
    for (let index = 0; index < input.length; index += 1) {
      const found = entry(input[index]);
      if (found) return under(index, found);
    }
    return input.length < min ? refuseWith('input.tooFew', { min }) : undefined;
  };

/** `z.looseObject(shape)`: the fields in the shape's order; the rest passes through. */
const record =
  (fields: readonly (readonly [string, Check])[]): Check =>
  (input) => {
    if (!isRecord(input)) return wrongType(input);
    for (const [key, check] of fields) {
      const found = check(input[key]);
      if (found) return under(key, found);
    }
    return undefined;
  };

const optText = optional(text);
const optCount = optional(count);
const optInteger = optional(integer);
const optFlag = optional(flag);
const optTexts = optional(list(text));

// The objects of openrtb.ts, field by field in their schemas' order.
const format = record([
  ['w', optCount],
  ['h', optCount],
  ['wratio', optCount],
  ['hratio', optCount],
  ['wmin', optCount],
]);
const banner = record([
  ['w', optCount],
  ['h', optCount],
  ['format', optional(list(format))],
  ['pos', optInteger],
]);
const video = record([
  ['mimes', list(text, 1)],
  ['minduration', optCount],
  ['maxduration', optCount],
  ['protocols', optional(list(integer))],
  ['w', optCount],
  ['h', optCount],
  ['plcmt', optInteger],
]);
const audio = record([
  ['mimes', list(text, 1)],
  ['minduration', optCount],
  ['maxduration', optCount],
]);
const native = record([
  ['request', text],
  ['ver', optText],
]);
const imp = record([
  ['id', filledText],
  ['tagid', optText],
  ['bidfloor', optional(nonNegative)],
  ['bidfloorcur', optText],
  ['banner', optional(banner)],
  ['video', optional(video)],
  ['audio', optional(audio)],
  ['native', optional(native)],
  ['instl', optFlag],
  ['rwdd', optFlag],
  ['secure', optFlag],
]);
const publisher = optional(
  record([
    ['id', optText],
    ['name', optText],
  ]),
);
const app = record([
  ['id', optText],
  ['name', optText],
  ['bundle', optText],
  ['storeurl', optText],
  ['ver', optText],
  ['publisher', publisher],
]);
const site = record([
  ['id', optText],
  ['domain', optText],
  ['page', optText],
  ['publisher', publisher],
]);
const device = record([
  ['ua', optText],
  ['ip', optText],
  ['ipv6', optText],
  ['os', optText],
  ['osv', optText],
  ['make', optText],
  ['model', optText],
  ['devicetype', optInteger],
  ['connectiontype', optInteger],
  ['language', optText],
  ['ifa', optText],
  ['geo', optional(record([['country', optText]]))],
]);
const user = record([
  ['id', optText],
  ['buyeruid', optText],
]);
const bidRequest = record([
  ['id', filledText],
  ['imp', list(imp, 1)],
  ['app', optional(app)],
  ['site', optional(site)],
  ['dooh', optional(record([['id', optText]]))],
  ['device', optional(device)],
  ['user', optional(user)],
  ['source', optional(record([['tid', optText]]))],
  ['at', optInteger],
  ['tmax', optCount],
  ['test', optFlag],
  ['cur', optTexts],
]);

/** The first refusal of the objects, else of the rules across fields (`ZIncomingBidRequest`). */
function bidRequestRefusal(input: unknown, natives: unknown[]): Refusal | undefined {
  const found = bidRequest(input);
  if (found) return found;
  const request = input as BidRequest;
  if (request.imp.length > OPENRTB_MAX_IMPS) {
    return under('imp', refuse(BID_REQUEST_RULE.tooManyImps));
  }
  const channels = OPENRTB_CHANNELS.filter((channel) => request[channel] !== undefined);
  if (channels.length > 1) {
    return under(channels[1] ?? 'site', refuse(BID_REQUEST_RULE.oneChannel(channels)));
  }
  const impIds = new Set<string>();
  for (let index = 0; index < request.imp.length; index += 1) {
    const imp = request.imp[index] as BidRequest['imp'][number];
    const refusal = impRuleRefusal(imp, impIds, (json) => (natives[index] = json));
    if (refusal) return under('imp', under(index, refusal));
  }
  return undefined;
}

/** An impression's rules: a unique id, a media object, a Native request we can read. */
function impRuleRefusal(
  imp: BidRequest['imp'][number],
  seen: Set<string>,
  keepNative: (json: unknown) => void,
): Refusal | undefined {
  if (seen.has(imp.id)) return under('id', refuse(BID_REQUEST_RULE.duplicateImp(imp.id)));
  seen.add(imp.id);
  if (!OPENRTB_MEDIA_OBJECTS.some((media) => imp[media] !== undefined)) {
    return refuse(BID_REQUEST_RULE.noMedia);
  }
  if (!imp.native) return undefined;
  const error = nativeRequestError(imp.native.request, keepNative);
  return error === undefined
    ? undefined
    : under('native', under('request', refuse(BID_REQUEST_RULE.unreadableNative(error))));
}

const nativeAsset = record([['id', optCount]]);
const nativeRequest = record([['assets', list(nativeAsset, 1)]]);

/** Why a Native request cannot be read (`readNativeRequest`'s error), or undefined. */
function nativeRequestError(
  request: string,
  keepNative: (json: unknown) => void,
): string | undefined {
  const read = nativeRequestJson(request);
  if ('error' in read) return read.error;
  keepNative(read.parsed);
  const json = withoutNulls(read.json) as Json;
  const found = nativeRequest(json);
  if (found) return `${fieldOf(found.path)}: ${found.message}`;
  const assets = nativeAssetsOf(json.assets as NativeAssetInput[]);
  return 'error' in assets ? assets.error : undefined;
}
