/**
 * A Native 1.2 answer checked against its Native request (conformance.ts checks the rest of a
 * BidResponse): the auction uses it to refuse a partner's native markup that would break.
 */
import { nativeAssetIdsByIndex } from '@adloom/domain';
import { isInt, isRecord, type ConformanceIssue, type Json } from './json-checks.js';

const ASSET_KINDS = ['title', 'img', 'video', 'data'] as const;

function kindOf(asset: Json): string | undefined {
  return ASSET_KINDS.find((kind) => isRecord(asset[kind]));
}

/**
 * A Native 1.2 answer (the adm) against its Native request (imp.native.request, a JSON
 * string): the request's asset ids only, each once and of the kind asked, title within its
 * length, every required asset present, a link with a URL.
 */
export function nativeAnswerIssues(nativeRequest: unknown, adm: string): ConformanceIssue[] {
  const issues: ConformanceIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  let requestRoot: unknown = nativeRequest;
  if (typeof nativeRequest === 'string') {
    try {
      requestRoot = JSON.parse(nativeRequest);
    } catch {
      add('', 'the native request is not JSON');
      return issues;
    }
  }
  let answer: unknown;
  try {
    answer = JSON.parse(adm);
  } catch {
    add('', 'native markup is JSON');
    return issues;
  }
  const unwrap = (value: unknown): Json | undefined =>
    isRecord(value) ? (isRecord(value.native) ? value.native : value) : undefined;
  const asked = unwrap(requestRoot);
  const given = unwrap(answer);
  if (!asked || !Array.isArray(asked.assets)) {
    add('', 'the native request has no assets');
    return issues;
  }
  if (!given) {
    add('', 'native markup is a JSON object');
    return issues;
  }
  const wanted = new Map<number, Json>();
  // Assets without any ids are named by their indexes (Native 1.2, as Prebid Server does).
  const byIndex = nativeAssetIdsByIndex(asked.assets);
  asked.assets.forEach((asset: unknown, index: number) => {
    if (!isRecord(asset)) return;
    if (byIndex) wanted.set(index, asset);
    else if (isInt(asset.id)) wanted.set(asset.id, asset);
  });
  if (!isRecord(given.link) || typeof given.link.url !== 'string' || given.link.url === '') {
    add('link.url', 'a native answer links somewhere');
  }
  if (given.ver !== undefined && typeof given.ver !== 'string') add('ver', 'a string');
  const assets = Array.isArray(given.assets) ? given.assets : [];
  if (assets.length === 0) add('assets', 'at least one asset');
  const seen = new Set<number>();
  assets.forEach((asset: unknown, index: number) => {
    const path = `assets.${index}`;
    if (!isRecord(asset) || !isInt(asset.id)) return add(`${path}.id`, 'an integer asset id');
    const request = wanted.get(asset.id);
    if (!request) return add(`${path}.id`, `${asset.id} is no asset id of the request`);
    if (seen.has(asset.id)) add(`${path}.id`, `${asset.id} answered twice`);
    seen.add(asset.id);
    const kind = kindOf(asset);
    const askedKind = kindOf(request);
    if (kind !== askedKind)
      return add(
        path,
        `asset ${asset.id} was asked as ${askedKind ?? '?'}, answered as ${kind ?? '?'}`,
      );
    if (kind === 'title') {
      const text = (asset.title as Json).text;
      const len = (request.title as Json).len;
      if (typeof text !== 'string' || text === '') add(`${path}.title.text`, 'a title has text');
      else if (isInt(len) && len > 0 && [...text].length > len)
        add(`${path}.title.text`, `longer than ${len}`);
    } else if (kind === 'img') {
      const img = asset.img as Json;
      const wantedImg = request.img as Json;
      if (typeof img.url !== 'string' || img.url === '')
        add(`${path}.img.url`, 'an image has a URL');
      const min =
        (isInt(wantedImg.wmin) && wantedImg.wmin > 0) ||
        (isInt(wantedImg.hmin) && wantedImg.hmin > 0);
      if (min) {
        if (isInt(img.w) && isInt(wantedImg.wmin) && img.w < wantedImg.wmin)
          add(`${path}.img.w`, 'below wmin');
        if (isInt(img.h) && isInt(wantedImg.hmin) && img.h < wantedImg.hmin)
          add(`${path}.img.h`, 'below hmin');
      } else if (isInt(wantedImg.w) && isInt(wantedImg.h) && wantedImg.w > 0 && wantedImg.h > 0) {
        if (img.w !== wantedImg.w || img.h !== wantedImg.h)
          add(`${path}.img`, `not the ${wantedImg.w}x${wantedImg.h} asked`);
      }
      if (isInt(img.type) && isInt(wantedImg.type) && img.type !== wantedImg.type)
        add(`${path}.img.type`, 'not the type asked');
    } else if (kind === 'data') {
      const data = asset.data as Json;
      const wantedData = request.data as Json;
      if (typeof data.value !== 'string') add(`${path}.data.value`, 'data has a value');
      else if (
        isInt(wantedData.len) &&
        wantedData.len > 0 &&
        [...data.value].length > wantedData.len
      ) {
        add(`${path}.data.value`, `longer than ${wantedData.len}`);
      }
      if (isInt(data.type) && isInt(wantedData.type) && data.type !== wantedData.type)
        add(`${path}.data.type`, 'not the type asked');
    } else if (kind === 'video') {
      const vasttag = (asset.video as Json).vasttag;
      if (typeof vasttag !== 'string' || !vasttag.includes('<VAST'))
        add(`${path}.video.vasttag`, 'VAST markup');
    }
  });
  for (const [id, request] of wanted) {
    if (request.required === 1 && !seen.has(id)) add('assets', `required asset ${id} is missing`);
  }
  return issues;
}
