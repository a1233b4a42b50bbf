import { hash, timingSafeEqual } from "node:crypto";
import { randomString } from "./ids.ts";

/** Every admin API key starts with this: a fixed prefix followed by an underscore. */
export const API_KEY_PREFIX = "quire_";
const SECRET_LENGTH = 40;
/** Characters of a key kept in clear, to tell keys apart in a listing. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
const KEY_PATTERN = /^quire_[0-9A-Za-z]{32,128}$/;

export interface NewApiKey {
  /** The whole key: shown once, never stored. */
  key: string;
  hash: string;
  visiblePrefix: string;
}

/** A new key: the prefix and 40 base62 characters from a CSPRNG (about 238 bits). */
export function generateApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomString(SECRET_LENGTH)}`;
  return { key, hash: hashApiKey(key), visiblePrefix: key.slice(0, VISIBLE_LENGTH) };
}

/** SHA-256 of the whole key, hex: what the database keeps. */
export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex");
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(left: string, right: string): boolean {
  const a = Buffer.from(left, "hex");
  const b = Buffer.from(right, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
