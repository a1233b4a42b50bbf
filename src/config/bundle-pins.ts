/**
 * The two values that pin what `quire serve` installs, whether they come from the values file
 * or from the environment: a bundle's SHA-256 and a version name. One rule each, so a value
 * refused in one place is refused in the other with the same words.
 */

export const SHA256_RULE =
  "the bundle's SHA-256, 64 hex characters (as the API's bundle call reports it)";

/** A SHA-256 in hex (either case, spaces around it ignored), lowercased; null when it is not one. */
export function normalizedSha256(value: string): string | null {
  const trimmed = value.trim();
  return /^[0-9a-f]{64}$/i.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** A version names a folder of the data dir, so it is kept to safe characters. */
export const BUNDLE_VERSION_RULE =
  "letters, digits, dots, dashes or underscores (it names a folder)";

export function isBundleVersion(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(value);
}

/** A value as a message quotes it: JSON, cut short when it is long. */
export function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}
