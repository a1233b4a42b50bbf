import type { Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { describe, expect, it } from "vitest";
import {
  PAGE_LEAD_PROPERTY,
  SIDE_COLUMN_PROPERTY,
  takeMarked,
} from "../../../src/exporter/components/side-column.ts";

const side = { [SIDE_COLUMN_PROPERTY]: "" };

describe("taking the side column's content out of a page", () => {
  it("takes marked elements from any depth, in reading order, and leaves the rest as it was", () => {
    const root: Root = {
      type: "root",
      children: [
        h("p", "One"),
        h("div", { className: ["tabs"] }, [h("div", side, "First"), h("p", "Two")]),
        h("div", side, "Second"),
        h("div", { [PAGE_LEAD_PROPERTY]: "" }, "Bar"),
      ],
    };
    const taken = takeMarked(root, SIDE_COLUMN_PROPERTY);
    expect(toHtml({ type: "root", children: taken })).toBe(
      '<div data-side-column="">First</div><div data-side-column="">Second</div>',
    );
    expect(toHtml(root)).toBe(
      '<p>One</p><div class="tabs"><p>Two</p></div><div data-page-lead="">Bar</div>',
    );
  });

  it("moves a marked element inside another marked one with its parent", () => {
    const root: Root = {
      type: "root",
      children: [h("div", side, [h("p", "Request"), h("div", side, "Panel inside")])],
    };
    const taken = takeMarked(root, SIDE_COLUMN_PROPERTY);
    expect(taken).toHaveLength(1);
    expect(toHtml({ type: "root", children: taken })).toContain("Panel inside");
    expect(root.children).toEqual([]);
  });
});
