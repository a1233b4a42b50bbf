import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links the API serves itself (the local-folder store): the object key and the expiry time,
 * signed with HMAC-SHA256 under a key derived for this purpose. Changing any part of the
 * link, or using it after its expiry, makes it fail.
 */
export interface LinkParts {
  key: string;
  /** Unix seconds. */
  expires: number;
  fileName: string;
}

function signature(secret: Buffer, parts: LinkParts): Buffer {
  return createHmac("sha256", secret)
    .update(`quire-link\n${parts.key}\n${parts.expires}\n${parts.fileName}`)
    .digest();
}

export function signLink(secret: Buffer, parts: LinkParts): string {
  return signature(secret, parts).toString("base64url");
}

export type LinkCheck = "valid" | "invalid" | "expired";

/** Verifies a link's signature first (constant time), then its expiry. */
export function checkLink(
  secret: Buffer,
  parts: LinkParts,
  givenSignature: string,
  nowSeconds: number,
): LinkCheck {
  if (!/^[A-Za-z0-9_-]{43}$/.test(givenSignature)) return "invalid";
  // Compares the text, not the decoded bytes: the last base64url character carries two unused
  // bits, so decoding would accept four spellings of one signature.
  const expected = Buffer.from(signLink(secret, parts), "ascii");
  const given = Buffer.from(givenSignature, "ascii");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return parts.expires > nowSeconds ? "valid" : "expired";
}
