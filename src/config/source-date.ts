import { ConfigError } from "../domain/errors.ts";

/**
 * `SOURCE_DATE_EPOCH` (reproducible-builds.org): the time a reproducible build records
 * instead of the clock, in whole seconds since 1970. Undefined when it is not set.
 */
export function sourceDateEpoch(environment: NodeJS.ProcessEnv = process.env): Date | undefined {
  const value = environment.SOURCE_DATE_EPOCH;
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(seconds) || seconds > 253402300799)
    throw new ConfigError(
      `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, not "${value}"`,
    );
  return new Date(seconds * 1000);
}
