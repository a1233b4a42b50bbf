import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { CodedError } from "./errors.ts";

/** A key for one purpose, derived from the master key, so no two uses share a key. */
export function deriveKey(
  masterKey: Buffer,
  purpose: "bundle-links" | "forge-tokens" | "sessions",
): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), `quire:${purpose}`, 32));
}

const VERSION = "v1";

/** Encrypts a secret with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts what `sealSecret` made; throws when the key is wrong or the text was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new CodedError("QUIRE_ERR_SECRET_UNREADABLE");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
