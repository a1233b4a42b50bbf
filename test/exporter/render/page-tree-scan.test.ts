import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import { scanPageTree } from "../../../src/exporter/render/page-tree-scan.ts";

const expression = { file: "index.mdx", exportName: "e", scope: {}, reason: "computed" };

describe("scanPageTree", () => {
  it("finds code blocks and marked nodes at any depth, in document order", () => {
    const tree: Root = {
      type: "root",
      children: [
        { type: "code", lang: "js", value: "first" },
        {
          type: "mdxJsxFlowElement",
          name: "Tabs",
          attributes: [],
          children: [
            {
              type: "mdxJsxFlowElement",
              name: "Chart",
              attributes: [],
              data: { quireUnsupported: { specifier: "./chart", file: "chart.jsx" } },
              children: [{ type: "code", lang: "ts", value: "nested" }],
            } as never,
          ],
        },
        {
          type: "paragraph",
          children: [
            { type: "text", value: "Total: " },
            { type: "mdxTextExpression", value: "a + b", data: { quireExpression: expression } },
          ],
        } as never,
        { type: "code", lang: "py", value: "last" },
      ],
    };
    const scan = scanPageTree(tree);
    expect(scan.code.map((block) => block.value)).toEqual(["first", "nested", "last"]);
    expect(scan.marked.map((node) => node.type)).toEqual([
      "mdxJsxFlowElement",
      "mdxTextExpression",
    ]);
  });

  it("leaves out elements of an unresolved component (no file to compile)", () => {
    const tree: Root = {
      type: "root",
      children: [
        {
          type: "mdxJsxFlowElement",
          name: "Missing",
          attributes: [],
          data: { quireUnsupported: { specifier: "./missing" } },
          children: [],
        } as never,
      ],
    };
    expect(scanPageTree(tree)).toEqual({ code: [], marked: [] });
  });
});
