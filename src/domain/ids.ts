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

export type IdKind = "org" | "proj" | "key" | "job" | "exp" | "user" | "inv";

let lastMillisecond = 0;
let sequence = 0;

/**
 * A new identifier: its kind, then lowercase letters and digits that sort in creation order
 * (milliseconds, then a per-process sequence within the millisecond) followed by 12 random
 * characters (62 bits). Safe in paths, branch names and file names; never guessable.
 */
export function newId(kind: IdKind): string {
  const now = Date.now();
  if (now > lastMillisecond) {
    lastMillisecond = now;
    sequence = 0;
  } else {
    sequence += 1;
  }
  const time = lastMillisecond.toString(36).padStart(9, "0");
  const order = sequence.toString(36).padStart(3, "0");
  return `${kind}_${time}${order}${randomString(12, LOWER36)}`;
}

/** Every public identifier matches this: a guard before any lookup. */
export const ID_PATTERN = /^[a-z]{2,5}_[0-9a-z]{8,64}$/;
