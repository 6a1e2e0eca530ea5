/**
 * Deterministic spreading by the request id: the same request always lands the same way
 * (a replayed request is decided identically, which the diagnosis relies on), successive
 * requests spread evenly. Plain 32-bit integer hashing, no allocation.
 */

/** Salts so that the creative choice and the order of equal bids do not move together. */
const CREATIVE_SALT = 0x2545f491;
const TIE_SALT = 0x68e31da4;

/** FNV-1a over the id's UTF-16 code units. */
export function hashRequestId(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An unsigned 32-bit value for (seed, key), well mixed (murmur3's finaliser). */
export function rotation(seed: number, key: number): number {
  let hash = (seed + Math.imul(key, 0x9e3779b9)) | 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Which of a strategy's `eligible` creatives (0-based, in its own order) a request shows. */
export function creativeIndex(requestHash: number, strategyId: number, eligible: number): number {
  return eligible <= 1 ? 0 : rotation(requestHash ^ CREATIVE_SALT, strategyId) % eligible;
}

/** Where a strategy stands among equal bids for a request. */
export function tieKey(requestHash: number, strategyId: number): number {
  return rotation(requestHash ^ TIE_SALT, strategyId);
}
