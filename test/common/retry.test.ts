import { describe, expect, it } from "vitest";
import { retry } from "../../src/common/retry.ts";

/** An operation that fails `failures` times, then answers; it records every try. */
function flaky(failures: number, error: (attempt: number) => unknown = () => new Error("down")) {
  const tries: number[] = [];
  const operation = async (attempt: number) => {
    tries.push(attempt);
    if (tries.length <= failures) throw error(attempt);
    return "answer";
  };
  return { operation, tries };
}

describe("retry", () => {
  it("tries again until the operation answers, numbering the tries", async () => {
    const { operation, tries } = flaky(2);
    expect(await retry(operation, { attempts: 4, delayMs: 1 })).toBe("answer");
    expect(tries).toEqual([1, 2, 3]);
  });

  it("stops at the attempts it was given, ending with what giveUp makes of the last failure", async () => {
    const { operation, tries } = flaky(10, (attempt) => new Error(`down ${attempt}`));
    await expect(
      retry(operation, {
        attempts: 3,
        delayMs: 1,
        giveUp: (error, made) => new Error(`${(error as Error).message} after ${made} tries`),
      }),
    ).rejects.toThrow("down 3 after 3 tries");
    expect(tries).toEqual([1, 2, 3]);
    // Without giveUp, the last failure itself.
    await expect(retry(flaky(10).operation, { attempts: 2, delayMs: 1 })).rejects.toThrow("down");
  });

  it("does not try again after a failure shouldRetry refuses", async () => {
    const refused = new Error("the link has expired");
    const { operation, tries } = flaky(10, () => refused);
    await expect(
      retry(operation, { attempts: 5, delayMs: 1, shouldRetry: (error) => error !== refused }),
    ).rejects.toBe(refused);
    expect(tries).toEqual([1]);
  });

  it("gives up at once when the pause asked for is longer than maxDelayMs, saying how long", async () => {
    const { operation, tries } = flaky(10);
    await expect(
      retry(operation, {
        attempts: 5,
        delayMs: 1,
        maxDelayMs: 1000,
        requestedDelayMs: () => 3_600_000,
        giveUp: (_error, made, waitMs) => new Error(`asked to wait ${waitMs} ms after ${made}`),
      }),
    ).rejects.toThrow("asked to wait 3600000 ms after 1");
    expect(tries).toEqual([1]);
  });

  it("ends a pause at once when the signal aborts, with the signal's reason", async () => {
    const controller = new AbortController();
    const { operation, tries } = flaky(10);
    const running = retry(operation, {
      attempts: 5,
      delayMs: 3_600_000,
      signal: controller.signal,
    });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error("stopped by the operator"));
    await expect(running).rejects.toThrow("stopped by the operator");
    expect(tries).toEqual([1]);
  });
});
