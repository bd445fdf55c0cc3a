import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** REF- followed by 8 characters of an unambiguous alphabet. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  let code = 'REF-';
  for (const b of bytes) code += REF_ALPHABET[b % REF_ALPHABET.length];
  return code;
}
