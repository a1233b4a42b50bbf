import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../domain/errors.ts";

const KEY_FILE = "secret.key";

/**
 * The installation's master key, which signs bundle links and encrypts forge tokens at rest:
 * `QUIRE_SECRET_KEY` when set, else `secret.key` in the data dir, created (mode 600) on first
 * use. Every process of one installation must see the same key.
 */
export function loadSecretKey(dataDir: string, fromEnvironment: string | undefined): Buffer {
  if (fromEnvironment !== undefined) {
    if (fromEnvironment.length < 32)
      throw new ConfigError("QUIRE_SECRET_KEY must be at least 32 characters long");
    return Buffer.from(fromEnvironment, "utf8");
  }
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: two processes starting together must not overwrite each other's key.
      writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    chmodSync(file, 0o600);
  }
  const key = readFileSync(file, "utf8").trim();
  if (key.length < 32)
    throw new ConfigError(
      `${file} does not hold a key: remove it to make a new one (stored forge tokens are then lost)`,
    );
  return Buffer.from(key, "utf8");
}
