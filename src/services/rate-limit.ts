import type { Queryable } from "../db/database.ts";
import { lockForTransaction } from "../db/dialect.ts";
import { countRateEvents, insertRateEvent } from "../db/rate-limit.ts";
import { QuireError } from "../domain/errors.ts";
import { randomString } from "../domain/ids.ts";

/** What the RateLimit-* response headers report. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (0 when the window is empty). */
  resetSeconds: number;
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

function stateOf(
  rule: RateRule,
  used: number,
  oldestExpiresAt: string | null,
  now: Date,
): RateState {
  const resetSeconds = oldestExpiresAt
    ? Math.max(1, Math.ceil((Date.parse(oldestExpiresAt) - now.getTime()) / 1000))
    : 0;
  return { limit: rule.limit, remaining: Math.max(0, rule.limit - used), resetSeconds };
}

/**
 * Counts one call against a project's rolling window, or refuses it with 429. Must run inside
 * the transaction that does the limited work: the transaction holds the project's lock (SQLite:
 * the write lock; PostgreSQL: an advisory lock on the project), so the count and the insert
 * cannot interleave with another request's, in any process.
 */
export async function consumeRate(
  trx: Queryable,
  projectId: string,
  rule: RateRule,
  now: Date,
): Promise<RateState> {
  await lockForTransaction(trx, `rate:${projectId}`);
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const window = await countRateEvents(trx, projectId, windowStart, rule.windowMs);
  if (window.used >= rule.limit) {
    const state = stateOf(rule, window.used, window.oldestExpiresAt, now);
    throw new RateLimitedError(state, rule);
  }
  await insertRateEvent(trx, `rl_${randomString(20).toLowerCase()}`, projectId, now.toISOString());
  const oldest = window.oldestExpiresAt ?? new Date(now.getTime() + rule.windowMs).toISOString();
  return stateOf(rule, window.used + 1, oldest, now);
}

/** The current state without counting a call (for responses that did not consume one). */
export async function peekRate(
  db: Queryable,
  projectId: string,
  rule: RateRule,
  now: Date,
): Promise<RateState> {
  const window = await countRateEvents(
    db,
    projectId,
    new Date(now.getTime() - rule.windowMs).toISOString(),
    rule.windowMs,
  );
  return stateOf(rule, window.used, window.oldestExpiresAt, now);
}

export class RateLimitedError extends QuireError {
  readonly state: RateState;
  constructor(state: RateState, rule: RateRule) {
    super(
      "QUIRE_ERR_RATE_LIMITED",
      `rate limit exceeded: ${rule.limit} agent jobs and messages per project per hour; try again in ${state.resetSeconds} s`,
      {
        headers: { "Retry-After": String(state.resetSeconds) },
      },
    );
    this.state = state;
  }
}
