import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkLink, type LinkParts, signLink } from "../../src/storage/signed-link.ts";

const SECRET = randomBytes(32);
const NOW = 1_800_000_000;
const PARTS: LinkParts = {
  key: "exports/exp_0123/site.tar.gz",
  expires: NOW + 3600,
  fileName: "site.tar.gz",
};

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("signed links", () => {
  it("accepts a link exactly as it was signed, until its expiry", () => {
    const signature = signLink(SECRET, PARTS);

    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkLink(SECRET, PARTS, signature, NOW)).toBe("valid");
    expect(checkLink(SECRET, PARTS, signature, PARTS.expires - 1)).toBe("valid");
  });

  it("signs the same parts the same way, and different parts differently", () => {
    expect(signLink(SECRET, PARTS)).toBe(signLink(SECRET, { ...PARTS }));
    expect(signLink(SECRET, PARTS)).not.toBe(signLink(SECRET, { ...PARTS, expires: NOW + 3601 }));
    expect(signLink(SECRET, PARTS)).not.toBe(signLink(randomBytes(32), PARTS));
  });

  it("reports a correctly signed link as expired from its expiry second on", () => {
    const signature = signLink(SECRET, PARTS);

    expect(checkLink(SECRET, PARTS, signature, PARTS.expires)).toBe("expired");
    expect(checkLink(SECRET, PARTS, signature, PARTS.expires + 86_400)).toBe("expired");
  });

  it("refuses a link whose object key was changed", () => {
    const signature = signLink(SECRET, PARTS);

    for (const key of [
      "exports/exp_0124/site.tar.gz",
      "exports/exp_0123/site.tar.gz/",
      "exports/exp_0123/other.tar.gz",
      "../exports/exp_0123/site.tar.gz",
      "",
    ])
      expect(checkLink(SECRET, { ...PARTS, key }, signature, NOW), key).toBe("invalid");
  });

  it("refuses a link whose expiry was changed, even to a later time", () => {
    const signature = signLink(SECRET, PARTS);

    for (const expires of [PARTS.expires + 1, PARTS.expires + 86_400, PARTS.expires - 1, 0])
      expect(checkLink(SECRET, { ...PARTS, expires }, signature, NOW), String(expires)).toBe(
        "invalid",
      );
  });

  it("refuses a link whose file name was changed", () => {
    const signature = signLink(SECRET, PARTS);

    for (const fileName of ["site.tar", "SITE.tar.gz", "site.tar.gz ", "evil.sh", ""])
      expect(checkLink(SECRET, { ...PARTS, fileName }, signature, NOW), fileName).toBe("invalid");
  });

  it("does not let one part's text slide into another's", () => {
    const signature = signLink(SECRET, { key: "a/b", expires: NOW + 60, fileName: "c" });

    expect(
      checkLink(SECRET, { key: "a", expires: NOW + 60, fileName: "b\nc" }, signature, NOW),
    ).toBe("invalid");
  });

  it("refuses every single-character change of the signature", () => {
    const signature = signLink(SECRET, PARTS);

    for (let position = 0; position < signature.length; position++) {
      for (const character of BASE64URL) {
        if (character === signature[position]) continue;
        const altered = signature.slice(0, position) + character + signature.slice(position + 1);
        const verdict = checkLink(SECRET, PARTS, altered, NOW);
        if (verdict !== "invalid")
          expect.fail(`the signature with "${character}" at ${position} was ${verdict}`);
      }
    }
  });

  it("refuses signatures that are not 43 base64url characters", () => {
    const signature = signLink(SECRET, PARTS);

    for (const given of [
      "",
      signature.slice(0, 42),
      `${signature}A`,
      `${signature}=`,
      signature.replace(/^./, "+"),
      signature.replace(/^./, "/"),
      Buffer.from(signature, "base64url").toString("hex"),
      Buffer.from(signature, "base64url").toString("base64"),
    ])
      expect(checkLink(SECRET, PARTS, given, NOW), given).toBe("invalid");
  });

  it("refuses a link signed with another secret", () => {
    const signature = signLink(randomBytes(32), PARTS);

    expect(checkLink(SECRET, PARTS, signature, NOW)).toBe("invalid");
  });

  it("reports an altered link that is also past its expiry as invalid, not expired", () => {
    const signature = signLink(SECRET, PARTS);

    expect(
      checkLink(SECRET, { ...PARTS, expires: PARTS.expires - 7200 }, signature, PARTS.expires),
    ).toBe("invalid");
  });
});
