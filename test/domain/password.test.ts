import { describe, expect, it } from "vitest";
import {
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  passwordProblem,
  verifyPassword,
} from "../../src/domain/password.ts";

/** Cheap parameters for the tests that are not about the cost. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("stores scrypt with its parameters, a random salt and the hash, never the password", async () => {
    const stored = await hashPassword("correct horse battery staple");
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(n), Number(r), Number(p)]).toEqual([
      PASSWORD_COST.N,
      PASSWORD_COST.r,
      PASSWORD_COST.p,
    ]);
    expect(Buffer.from(salt as string, "base64url")).toHaveLength(16);
    expect(Buffer.from(key as string, "base64url")).toHaveLength(32);
    expect(stored).not.toContain("correct horse");
  });

  it("gives the same password a different hash each time (a salt per password)", async () => {
    const first = await hashPassword("same password here", FAST);
    const second = await hashPassword("same password here", FAST);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password here", first)).toBe(true);
    expect(await verifyPassword("same password here", second)).toBe(true);
  });

  it("accepts only the password the hash was made from", async () => {
    const stored = await hashPassword("Tr0ub4dor&3-but-longer", FAST);
    expect(await verifyPassword("Tr0ub4dor&3-but-longer", stored)).toBe(true);
    expect(await verifyPassword("tr0ub4dor&3-but-longer", stored)).toBe(false);
    expect(await verifyPassword("Tr0ub4dor&3-but-longe", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats canonically equal Unicode spellings as the same password", async () => {
    const composed = "caf\u00e9 au lait pour deux";
    const decomposed = "cafe\u0301 au lait pour deux";
    const stored = await hashPassword(composed, FAST);
    expect(await verifyPassword(decomposed, stored)).toBe(true);
  });

  it("refuses hashes it cannot read instead of throwing", async () => {
    for (const stored of [
      "",
      "plain-text",
      "scrypt$1$8$1$abc",
      "bcrypt$x$y$z$a$b",
      "scrypt$0$8$1$AAAA$AAAA",
    ])
      expect(await verifyPassword("anything", stored)).toBe(false);
  });

  it("says when a hash was made with weaker parameters than today's", async () => {
    expect(needsRehash(await hashPassword("a long password", FAST))).toBe(true);
    expect(needsRehash(await hashPassword("a long password"))).toBe(false);
    expect(needsRehash("garbage")).toBe(true);
  });

  it("asks for at least 10 characters and at most 1024", () => {
    expect(passwordProblem("short")).toMatch(/at least 10 characters/);
    expect(passwordProblem(" ".repeat(12))).toMatch(/not be only spaces/);
    expect(passwordProblem("x".repeat(1025))).toMatch(/at most 1024/);
    expect(passwordProblem("a fine passphrase")).toBeNull();
  });
});
