import { randomBytes } from "node:crypto";
import type * as Password from "../../src/domain/password.ts";

/** The scrypt parameters of the tests that are not about the hash's cost (password.test.ts's FAST). */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

/**
 * src/domain/password.ts with cheap scrypt parameters, for a test file about accounts, sign-in
 * throttling or sessions rather than the hash's cost (test/domain/password.test.ts checks the
 * real cost). At the real 64 MiB a hash, a throttling test's dozens of wrong passwords took
 * seconds each. In the test file:
 *
 *     vi.mock("../../src/domain/password.ts", async (importOriginal) =>
 *       (await import("../helpers/fast-passwords.ts")).fastPasswords(importOriginal),
 *     );
 */
export async function fastPasswords(importOriginal: <T>() => Promise<T>): Promise<typeof Password> {
  const real = await importOriginal<typeof Password>();
  let decoy: Promise<string> | undefined;
  return {
    ...real,
    hashPassword: (password, cost = FAST) => real.hashPassword(password, cost),
    needsRehash: (stored, cost = FAST) => real.needsRehash(stored, cost),
    decoyHash: () => {
      decoy ??= real.hashPassword(randomBytes(18).toString("base64url"), FAST);
      return decoy;
    },
  };
}
