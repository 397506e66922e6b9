// A username for an account made with only an email (the auth dialog): the address's local part in
// the username alphabet (src/shared/api/auth.ts: letters, digits, spaces and `. _ -`, 3 to 40
// characters), every other character a `-`; when that name is taken, a few digits are added.
import { randomInt } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN, UsernameSchema } from '../../shared/api/auth.js';

const ALLOWED = /^[\p{L}\p{M}\p{Nd}._-]$/u;
/** Room left for "-1234" when a name is taken. */
const SUFFIX_ROOM = 5;

export function usernameFromEmail(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@'))).normalize('NFC');
  let name = '';
  for (const char of local) name += ALLOWED.test(char) ? char : '-';
  name = [...name.replace(/-{2,}/g, '-').replace(/^[-.]+|[-.]+$/g, '')].slice(0, USERNAME_MAX - SUFFIX_ROOM).join('');
  return UsernameSchema.safeParse(name).success && [...name].length >= USERNAME_MIN ? name : 'user';
}

/** The name with a random number added, for a second try when the plain one is taken. */
export function withNumber(name: string): string {
  return `${name}-${randomInt(1000, 10_000)}`;
}
