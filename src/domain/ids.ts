import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const LOWER36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** `length` characters of `alphabet` from a CSPRNG, without modulo bias. */
export function randomString(length: number, alphabet: string = BASE62): string {
  let result = "";
  // The largest multiple of the alphabet size under 256; bytes above it are drawn again.
  const limit = 256 - (256 % alphabet.length);
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) result += alphabet[byte % alphabet.length];
      if (result.length === length) break;
    }
  }
  return result;
}

export type IdKind = "org" | "proj" | "key" | "job" | "exp";

/**
 * A new identifier: its kind, then 20 random lowercase letters and digits (103 bits), so ids
 * are safe in paths, branch names and file names and never guessable.
 */
export function newId(kind: IdKind): string {
  return `${kind}_${randomString(20, LOWER36)}`;
}

/** Every public identifier matches this: a guard before any lookup. */
export const ID_PATTERN = /^[a-z]{2,5}_[0-9a-z]{8,64}$/;
