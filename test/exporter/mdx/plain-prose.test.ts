import { describe, expect, it } from "vitest";
import { plainProseText } from "../../../src/exporter/mdx/plain-prose.ts";
import { renderPage } from "../../helpers/render-page.ts";

/** What the Markdown parser makes of a text: the HTML of its page body. */
async function parsedHtml(markdown: string): Promise<string> {
  return (await renderPage({ "index.md": markdown }, "index.md")).html;
}

function escaped(text: string): string {
  return text.replace(/&/g, "&#x26;").replace(/</g, "&#x3C;").replace(/"/g, '"');
}

describe("plain prose, read without the Markdown parser", () => {
  const plain = [
    "The customer's ID.",
    "Use when ending a grant (e.g. revoke a promo or close a prepaid plan).",
    "Optional: the date the change takes effect",
    'Set to "on" to enable it; "off" otherwise.',
    "Comma-separated fields: coupon, line items, prices",
    "ID/Name of the plan -- or its key?",
    "Ünïcödé wörds and 東京 too",
    "Trailing spaces   ",
    "Two  spaces inside",
  ];

  it.each(plain)("gives what the parser gives for %j", async (text) => {
    const fast = plainProseText(text);
    expect(fast).toBeDefined();
    expect(await parsedHtml(text)).toBe(`<p>${escaped(fast as string)}</p>`);
  });

  it("leaves to the parser whatever Markdown could read otherwise", () => {
    for (const text of [
      "snake_case and _emphasis_",
      "*bold*",
      "1. a list",
      "2024 started",
      "- item",
      "# heading",
      "see https://example.com",
      "see www.example.com",
      "mail me@example.com",
      "a [link](x)",
      "`code`",
      "a <b>tag</b>",
      "AT&T",
      "two\nlines",
      "{{variable}}",
      "a | b",
      "x~y~",
      "\\escaped",
      " leading space",
      "",
    ])
      expect(plainProseText(text), text).toBeUndefined();
  });
});
