import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords of dashboard users, hashed with scrypt (node:crypto) under a random salt per
 * password. The cost parameters are stored with each hash, so raising them later leaves old
 * hashes readable (and `needsRehash` says when to replace one at the next sign-in).
 */
export interface ScryptCost {
  /** CPU and memory cost, a power of two (memory ≈ 128 · N · r bytes). */
  N: number;
  r: number;
  p: number;
}

/** 2^16 · 8 · 128 bytes = 64 MiB and about 0.1–0.2 s per hash on a server core. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 16, r: 8, p: 1 };

export const MIN_PASSWORD_LENGTH = 10;
/** Longer input only costs hashing time; no real password is this long. */
export const MAX_PASSWORD_LENGTH = 1024;

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const PREFIX = "scrypt";

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      HASH_BYTES,
      // Twice the memory the parameters need: Node refuses anything over maxmem.
      { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url salt and hash), for storage. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")]
    .map(String)
    .join("$");
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const [prefix, n, r, p, salt, key, ...rest] = stored.split("$");
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0))
    return undefined;
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** True when `password` is the one `stored` was made from; the comparison takes constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== HASH_BYTES) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/** A hash made with weaker parameters than today's, to be replaced after a successful sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/**
 * A hash of no one's password, verified when an email is unknown, so that a sign-in for an
 * unknown account takes as long as one with a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64url"));
  return decoy;
}

/** What is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `the password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `the password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (password.trim().length === 0) return "the password must not be only spaces";
  return null;
}
