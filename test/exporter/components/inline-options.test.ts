import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("options of tooltips, badges and colours", () => {
  it("shows a tooltip with only a tip, and leaves out a call to action that has no link", async () => {
    const body = await renderPage({
      "index.mdx":
        'An <Tooltip tip="Application programming interface" cta="Read more">API</Tooltip>.\n',
    });
    expect(body.html).toContain(
      '<span class="tooltip-tip" role="tooltip" id="tooltip"><span>Application programming interface</span></span>',
    );
  });

  it("gives every tooltip on a page its own description id", async () => {
    const body = await renderPage({
      "index.mdx": '<Tooltip tip="One">a</Tooltip> and <Tooltip tip="Two">b</Tooltip>\n',
    });
    expect(body.html).toContain('aria-describedby="tooltip">a</span>');
    expect(body.html).toContain(
      'aria-describedby="tooltip-2">b</span><span class="tooltip-tip" role="tooltip" id="tooltip-2">',
    );
  });

  it("falls back to a gray, medium, rounded badge for an unknown colour and marks a disabled one", async () => {
    const body = await renderPage({
      "index.mdx": '<Badge color="chartreuse" disabled>Old</Badge>\n',
    });
    expect(body.html).toContain(
      '<span class="badge badge-gray badge-md badge-rounded badge-disabled">Old</span>',
    );
  });

  it("lays out a colour table in titled rows", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Color variant="table">\n  <Color.Row title="Primary">\n    <Color.Item name="primary-500" value="#3B82F6" />\n    <Color.Item name="primary-600" value="rgb(37, 99, 235)" />\n  </Color.Row>\n</Color>\n',
    });
    expect(body.html).toMatch(
      /<div class="color-palette color-table">\s*<div class="color-row"><p class="color-row-title">Primary<\/p><div class="color-row-items">/,
    );
    expect(body.html).toContain(
      '<span class="color-swatch" style="--swatch-light:rgb(37, 99, 235);--swatch-dark:rgb(37, 99, 235)"></span><span class="color-name">primary-600</span>',
    );
  });

  it("refuses a colour value that would write more CSS into the page", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Color variant="compact">\n  <Color.Item name="bad" value="red;background-image:url(https://x.test/a.png)" />\n</Color>\n',
    });
    expect(body.html).not.toContain("x.test");
    expect(body.html).toContain('style="--swatch-light:transparent;--swatch-dark:transparent"');
  });
});
