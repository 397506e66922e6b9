// Opaque secrets (session cookies, email links): 32 random bytes sent to the user, only their
// SHA-256 stored, so a copy of the database opens no session and verifies no address.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
