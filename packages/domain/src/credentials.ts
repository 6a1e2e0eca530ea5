/**
 * docs/product/console.md#sign-in: username and password are transformed and encoded before sending. Adloom's
 * scheme: trim the username, then send each value as `b64:` + base64 of its UTF-8 bytes.
 * It keeps credentials out of plain sight in proxy and access logs and makes any byte
 * sequence safe in JSON and multipart; it is not a substitute for TLS, which production
 * requires (docs/decisions/credential-encoding.md).
 */
const PREFIX = 'b64:';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function encodeCredential(value: string): string {
  return PREFIX + toBase64(new TextEncoder().encode(value));
}

/** Decodes an encoded credential; throws on anything that is not one. */
export function decodeCredential(encoded: string): string {
  if (!encoded.startsWith(PREFIX)) throw new TypeError('credential is not encoded');
  return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(encoded.slice(PREFIX.length)));
}

/** The username as it is stored and compared: trimmed and lower-cased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
