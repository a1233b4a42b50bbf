import { ConfigError } from "../domain/errors.ts";

/** A command-line mistake: reported in one line, exit code 2. */
export class UsageError extends ConfigError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, code: "QUIRE_ERR_CLI_USAGE" });
  }
}
