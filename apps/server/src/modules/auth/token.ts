/** Session tokens: 32 random bytes, base64url; only their sha256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
