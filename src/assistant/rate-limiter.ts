/**
 * Questions per reader address per minute: a fixed one-minute window per address, counted in
 * memory (one `quire serve` process answers its own readers). Addresses are forgotten once
 * their window is over, and at most `maxAddresses` are tracked, so a flood of addresses cannot
 * grow memory without bound: past that, the oldest windows are dropped.
 */
export class RateLimiter {
  readonly #perMinute: number;
  readonly #maxAddresses: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(perMinute: number, options: { maxAddresses?: number; now?: () => number } = {}) {
    this.#perMinute = perMinute;
    this.#maxAddresses = options.maxAddresses ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Counts one question from `address`: 0 when it is allowed, else the seconds until the
   * address may ask again.
   */
  take(address: string): number {
    const now = this.#now();
    let window = this.#windows.get(address);
    if (!window || now - window.start >= 60_000) {
      this.#windows.delete(address);
      window = { start: now, count: 0 };
      if (this.#windows.size >= this.#maxAddresses) this.#forgetOld(now);
      this.#windows.set(address, window);
    }
    if (window.count >= this.#perMinute)
      return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    window.count += 1;
    return 0;
  }

  #forgetOld(now: number): void {
    for (const [address, window] of this.#windows) {
      if (now - window.start >= 60_000 || this.#windows.size >= this.#maxAddresses)
        this.#windows.delete(address);
      else break;
    }
  }
}
