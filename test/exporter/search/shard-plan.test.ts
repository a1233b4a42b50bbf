import { describe, expect, it } from "vitest";
import { planShards } from "../../../src/exporter/search/shard-plan.ts";

const weighted = (terms: string[], weight: number): [string[], number[]] => [
  terms,
  terms.map(() => weight),
];

describe("planning the term shards", () => {
  it("keeps a dictionary within the budget in one shard", () => {
    const plan = planShards(...weighted(["alpha", "beta", "gamma"], 10), 100);
    expect(plan.split).toEqual([]);
    expect(plan.shards).toEqual([{ key: "", start: 0, end: 3 }]);
  });

  it("splits heavy prefixes by one more character until each shard fits", () => {
    const terms = ["rate", "retry", "sc", "scale", "schedule", "scope", "secret", "sync"];
    const plan = planShards(...weighted(terms, 10), 25);
    expect(plan.split).toEqual(["", "s", "sc"]);
    expect(plan.shards.map((shard) => [shard.key, terms.slice(shard.start, shard.end)])).toEqual([
      ["r", ["rate", "retry"]],
      ["sca", ["scale"]],
      ["sch", ["schedule"]],
      ["sco", ["scope"]],
      ["se", ["secret"]],
      ["sy", ["sync"]],
    ]);
    // "sc" is both a term and a split prefix: it goes to that prefix's summary.
    expect(plan.exactTerms.get("sc")).toBe(2);
  });

  it("never splits a single term, however heavy", () => {
    const plan = planShards(["everywhere", "rare"], [500, 1], 100);
    expect(plan.shards.map((shard) => shard.key)).toEqual(["e", "r"]);
  });
});
