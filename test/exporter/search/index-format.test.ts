import { describe, expect, it } from "vitest";
import {
  decodeNumbers,
  decodePostings,
  encodeNumbers,
  encodePostings,
  searchFileId,
  shardKeyOf,
} from "../../../src/exporter/search/index-format.ts";

describe("the packed number format of the search index", () => {
  it("reads back the numbers it wrote, small and large", () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 65_535, 1_000_000, 2 ** 34];
    expect(decodeNumbers(encodeNumbers(numbers))).toEqual(numbers);
  });

  it("writes only characters that need no escaping in a JavaScript string", () => {
    expect(encodeNumbers([0, 31, 32, 1_000_000, 2 ** 34])).toMatch(/^[0-9A-Za-z_-]+$/);
  });

  it("stores postings as id gaps, so a dense list takes two characters per document", () => {
    const encoded = encodePostings([100, 5, 101, 24, 103, 1]);
    const decoded = new Map<number, number>();
    decodePostings(encoded, 1, decoded);
    expect([...decoded]).toEqual([
      [100, 5],
      [101, 24],
      [103, 1],
    ]);
    expect(encodePostings([100, 5, 101, 24, 102, 1, 103, 1]).length - encoded.length).toBe(2);
  });

  it("keeps the higher score when postings are merged and scales them by a factor", () => {
    const scores = new Map([[1, 10]]);
    decodePostings(encodePostings([1, 4, 2, 8]), 0.5, scores);
    expect([...scores]).toEqual([
      [1, 10],
      [2, 4],
    ]);
  });

  it("finds a term's shard as its shortest prefix that is not split", () => {
    const split = new Set(["", "s", "sc"]);
    expect(shardKeyOf("schedule", split)).toBe("sch");
    expect(shardKeyOf("sync", split)).toBe("sy");
    expect(shardKeyOf("retry", split)).toBe("r");
    expect(shardKeyOf("sc", split)).toBe("sc");
    expect(shardKeyOf("retry", new Set())).toBe("");
  });

  it("names a file by its path without folder, extension or query", () => {
    expect(searchFileId("../_quire/search/t-0123456789ab.js?v=17")).toBe("t-0123456789ab");
  });
});
