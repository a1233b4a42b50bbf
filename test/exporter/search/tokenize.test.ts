import { describe, expect, it } from "vitest";
import { prefixesOf, stem, tokenize, words } from "../../../src/exporter/search/tokenize.ts";

describe("turning text into search terms", () => {
  it("lowercases, removes accents and splits on anything that is not a letter, digit or underscore", () => {
    expect(words("Élan: retry_count, v2.1 — Straße")).toEqual([
      "elan",
      "retry_count",
      "v2",
      "1",
      "straße",
    ]);
  });

  it("drops stop words and lone letters but keeps digits", () => {
    expect(tokenize("The job is a 5 minute wait for you")).toEqual(["job", "5", "minute", "wait"]);
  });

  it("reduces plurals and third-person verbs to one stem", () => {
    expect(
      ["jobs", "classes", "retries", "boxes", "status", "analysis", "famous", "pass"].map(stem),
    ).toEqual(["job", "class", "retry", "box", "status", "analysis", "famous", "pass"]);
  });

  it("splits Chinese and Japanese text into single characters, which have no spaces between words", () => {
    expect(tokenize("任务调度 jobs")).toEqual(["任", "务", "调", "度", "job"]);
  });

  it("ignores runs of characters too long to be words, such as hashes", () => {
    expect(tokenize(`sha ${"a1".repeat(32)} end`)).toEqual(["sha", "end"]);
  });

  it("also looks up the stem a half-typed plural is heading to", () => {
    expect(prefixesOf("retri")).toEqual(["retri", "retry"]);
    expect(prefixesOf("retrie")).toEqual(["retrie", "retry"]);
    expect(prefixesOf("classe")).toEqual(["classe", "class"]);
    expect(prefixesOf("sched")).toEqual(["sched"]);
  });
});
