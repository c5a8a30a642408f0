import { ValidationError } from '../core/errors.js';

/** Control, format (bidi overrides, zero-width), separator, private-use and unassigned characters; whitespace. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\s]/u;
/** Latin, Greek and Cyrillic accents (combining diacritical marks): `admín` is `admin`, as MariaDB compares. */
const ACCENTS = /[\u0300-\u036f]/g;

/**
 * The one form a username is stored and looked up in, the same on both databases: compatibility-normalised
 * (full-width letters are letters), trimmed, without Latin accents, lower-cased; refused when it holds control,
 * format or whitespace characters (bidi overrides and zero-width joiners make look-alike names).
 */
export function canonicalUsername(raw: string): string {
  const v = raw.normalize('NFKC').trim();
  if (!v || REFUSED.test(v)) throw new ValidationError('user.badUsername');
  return v.normalize('NFKD').replace(ACCENTS, '').normalize('NFC').toLowerCase();
}

/** The form a login looks up, without refusing anything (a refusal would tell which names are possible). */
export function loginUsername(raw: string): string {
  try {
    return canonicalUsername(raw);
  } catch {
    return raw.trim();
  }
}
