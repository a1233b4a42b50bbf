import { isIPv4, isIPv6 } from "node:net";

/**
 * Sign-in throttling: how many failed sign-ins are free, and how long the next attempt waits
 * after that. Two budgets, each over the failures of the last hour: per account, whatever the
 * address (many addresses guessing one account), and per client address, whatever the account
 * (one address trying a password on many accounts). Past its free failures, each further
 * attempt waits twice as long as the one before, from 30 seconds up to 15 minutes. Failures
 * are remembered longer than the longest wait, so that waiting it out does not start afresh.
 *
 * The account budget is the small one: a person mistypes a few times. The address budget is
 * larger because people share an address (an office, a proxy that is not trusted).
 */
export const SIGN_IN_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 20;
const FIRST_DELAY_MS = 30_000;
const LONGEST_DELAY_MS = 15 * 60 * 1000;

/** Attempts in the window not followed by a success, and when the last one was made. */
export interface AttemptCount {
  count: number;
  last: string | null;
}

export type ThrottleReason = "account" | "address";

export interface SignInWait {
  reason: ThrottleReason;
  waitMs: number;
}

/** How long after the last of `failures` attempts the next may be made (0: at once). */
export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - freeFailures), LONGEST_DELAY_MS);
}

/** The longer of the two waits, or undefined when neither budget holds the attempt back. */
export function signInWait(
  counts: { account: AttemptCount; address: AttemptCount },
  now: number,
): SignInWait | undefined {
  let longest: SignInWait | undefined;
  for (const [reason, free] of [
    ["account", ACCOUNT_FREE_FAILURES],
    ["address", ADDRESS_FREE_FAILURES],
  ] as const) {
    const { count, last } = counts[reason];
    if (!last) continue;
    const waitMs = Date.parse(last) + delayAfter(count, free) - now;
    if (waitMs > 0 && (!longest || waitMs > longest.waitMs)) longest = { reason, waitMs };
  }
  return longest;
}

/** The answer to a held-back attempt: "too many failed sign-ins …: try again in 2 minutes". */
export function throttleMessage(wait: SignInWait): string {
  const seconds = Math.ceil(wait.waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  const after =
    seconds === 1
      ? "1 second"
      : seconds < 60
        ? `${seconds} seconds`
        : minutes === 1
          ? "1 minute"
          : `${minutes} minutes`;
  const whose = wait.reason === "account" ? "for this account" : "from your address";
  return `too many failed sign-ins ${whose}: try again in ${after}`;
}

/**
 * The address a client's attempts are counted under. An IPv6 client usually holds a whole /64
 * and can pick any address in it, so its attempts count under the /64; an IPv4 client seen
 * through a dual-stack socket (::ffff:a.b.c.d) under its IPv4 address.
 */
export function throttleAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (isIPv4(address)) return address;
  const groups = isIPv6(address) ? ipv6Groups(address) : undefined;
  if (!groups) return address.slice(0, 100);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lowercase hex without leading zeros. */
function ipv6Groups(address: string): string[] | undefined {
  let text = address.split("%")[0] as string;
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
