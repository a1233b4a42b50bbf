import { setTimeout as sleep } from "node:timers/promises";

export interface RetryOptions {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The pause before the second try; it doubles before each further one. */
  delayMs: number;
  /** Spread each pause over ±25 %, so that many clients do not come back at the same moment. */
  jitter?: boolean;
  /** A pause longer than this (asked for, or reached by doubling) ends the tries instead. */
  maxDelayMs?: number;
  /** Stops the tries, and the pause between two, at once: the call rejects with its reason. */
  signal?: AbortSignal;
  /** Whether a failure is worth another try; one that is not ends the tries with it as it is. */
  shouldRetry?: (error: unknown) => boolean;
  /** The pause a failure asks for itself (a `Retry-After`), in place of the doubling one. */
  requestedDelayMs?: (error: unknown) => number | null;
  /**
   * The error to end with once no try is left, from the last failure and the tries made;
   * `waitMs` is the pause that was over `maxDelayMs`, when that ended them. Default: the last
   * failure itself.
   */
  giveUp?: (error: unknown, tries: number, waitMs?: number) => unknown;
}

/**
 * Runs `operation` until it succeeds, with pauses that double between the tries: the one way
 * Quire tries a network call again (bundle downloads, forge calls). Bounded by `attempts`,
 * and by `maxDelayMs` for what a server may ask.
 */
export async function retry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts));
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await operation(attempt);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (options.shouldRetry && !options.shouldRetry(error)) throw error;
      if (attempt >= attempts) throw options.giveUp ? options.giveUp(error, attempt) : error;
      const waitMs = options.requestedDelayMs?.(error) ?? backoff(attempt, options);
      if (options.maxDelayMs !== undefined && waitMs > options.maxDelayMs)
        throw options.giveUp ? options.giveUp(error, attempt, waitMs) : error;
      // An abort during the pause ends it with the signal's reason, as one during a try does.
      await sleep(waitMs, undefined, { signal: options.signal }).catch((pause: unknown) => {
        throw options.signal?.aborted ? options.signal.reason : pause;
      });
    }
  }
}

function backoff(attempt: number, options: RetryOptions): number {
  const base = options.delayMs * 2 ** (attempt - 1);
  return options.jitter ? Math.round(base * (0.75 + Math.random() * 0.5)) : base;
}
