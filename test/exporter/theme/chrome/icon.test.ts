import { describe, expect, it } from "vitest";
import { iconHtml } from "../../../../src/exporter/theme/chrome/icon.ts";

describe("iconHtml", () => {
  it("draws an icon as inline SVG of the size asked", () => {
    const html = iconHtml("rocket", { size: 14 });
    expect(html).toMatch(/^<svg /);
    expect(html).toContain('width="14"');
    expect(html).toContain("icon-rocket");
  });

  it("keeps icons of another size, library or style apart once one was drawn", () => {
    const small = iconHtml("star", { size: 14 });
    const large = iconHtml("star", { size: 18 });
    expect(large).toContain('width="18"');
    expect(large).not.toBe(small);
    expect(iconHtml("star", { size: 14 })).toBe(small);
    expect(iconHtml("star", { size: 14, library: "lucide" })).not.toBe(
      iconHtml("star", { size: 14, library: "fontawesome" }),
    );
    expect(iconHtml("star", { size: 14, iconType: "regular" })).not.toBe(
      iconHtml("star", { size: 14, iconType: "solid" }),
    );
  });

  it("draws nothing for no name or an unknown one", () => {
    expect(iconHtml(undefined)).toBe("");
    expect(iconHtml("no-such-icon-anywhere")).toBe("");
    expect(iconHtml("no-such-icon-anywhere")).toBe("");
  });
});
