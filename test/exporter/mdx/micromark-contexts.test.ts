import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { withoutContextPrototypes } from "../../../src/exporter/mdx/micromark-contexts.ts";
import { parseMarkdownTree } from "../../../src/exporter/mdx/syntax.ts";
import { wholeSyntax } from "./whole-syntax.ts";

/** Texts whose trees depend on what may interrupt what (micromark's `interrupt` checks). */
const INTERRUPTIONS = [
  "A paragraph\n# then a heading\nand text",
  "A paragraph\n```js\ncode\n```\nafter",
  "A paragraph\n- a list interrupts it\n- two",
  "A paragraph\n-\nan empty item does not",
  "A paragraph\n2. an ordered list not at 1 does not\n1. but at 1 it does",
  "A paragraph\n***\nafter a break",
  "A paragraph\n> a quote\nlazy line\n\nnext",
  "- item\n  continued\n- item\n\n  loose\n1) other",
  "A paragraph\n<Note>\ninside\n</Note>\nafter",
  "A paragraph\n| a | b |\n| - | - |\n| 1 | 2 |\n",
  "Term\n$$\nx^2\n$$\nafter",
  "A paragraph\n[^1]: a footnote\n\n[^1] used",
  "Setext heading\n===\nA paragraph\n    not code, a continuation",
];

describe("parsing without tokenizer contexts as prototypes", () => {
  it("gives micromark's own tree wherever one construct may interrupt another", () => {
    for (const text of INTERRUPTIONS) {
      expect(parseMarkdownTree(text, "mdx"), text).toEqual(wholeSyntax.mdx.parse(text));
    }
  });

  it("puts Object.create back after a parse, and after a parse that fails", () => {
    const create = Object.create;
    parseMarkdownTree("A paragraph\n# heading", "mdx");
    expect(Object.create).toBe(create);
    expect(() => parseMarkdownTree("A <Note> never closed", "mdx")).toThrow();
    expect(Object.create).toBe(create);
    expect(() =>
      withoutContextPrototypes(() => {
        throw new Error("inside");
      }),
    ).toThrow("inside");
    expect(Object.create).toBe(create);
  });

  it("leaves every other Object.create as it was while a parse runs", () => {
    const prototype = { greet: () => "hello" };
    const [made, bare] = withoutContextPrototypes(() => [
      Object.create(prototype) as typeof prototype,
      Object.create(null) as object,
    ]);
    expect(Object.getPrototypeOf(made)).toBe(prototype);
    expect(made.greet()).toBe("hello");
    expect(Object.getPrototypeOf(bare)).toBeNull();
  });

  it("lets young collections free each page's parse, which remark's own parse keeps", async () => {
    const worker = new Worker(new URL("./fixtures/parse-promotion.ts", import.meta.url), {
      workerData: { pages: 60 },
    });
    const [promoted] = (await once(worker, "message")) as [{ remark: number; quire: number }];
    await worker.terminate();
    // Measured over 60 pages: remark 52–60 MB, Quire 2–18 MB (what compilation in flight holds).
    expect(promoted.remark).toBeGreaterThan(30);
    expect(promoted.quire).toBeLessThan(promoted.remark / 2);
  });
});
