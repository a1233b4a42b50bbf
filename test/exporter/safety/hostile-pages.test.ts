import type { Element, Nodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { describe, expect, it } from "vitest";
import { sanitizeNodes } from "../../../src/exporter/safety/sanitize.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { CONTROL_PAGE, PAYLOADS } from "./payloads.ts";

/** What in a parsed page could run script: each finding names the element and attribute. */
function activeContent(html: string): string[] {
  const findings: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "element") inspect(node as Element, findings);
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(fromHtml(html, { fragment: true }));
  return findings;
}

/** What the allow-list would remove from the page as the browser parses it. */
function removedFromBrowserView(html: string): string[] {
  const removed: string[] = [];
  sanitizeNodes(fromHtml(html, { fragment: true }).children, (message) => removed.push(message));
  return removed;
}

const SCRIPTY_ELEMENTS = new Set([
  "script",
  "iframe-with-srcdoc",
  "object",
  "embed",
  "base",
  "meta",
  "set",
  "foreignObject",
  "template",
  "form",
]);

/** A URL as the browser's URL parser reads it: spaces and control characters do not hide a scheme. */
function withoutSpaceOrControls(text: string): string {
  return [...text].filter((character) => character.charCodeAt(0) > 0x20).join("");
}

function inspect(element: Element, findings: string[]): void {
  const { tagName, properties } = element;
  if (tagName === "script" && properties.type === "application/json") return;
  if (SCRIPTY_ELEMENTS.has(tagName)) findings.push(`<${tagName}>`);
  for (const [name, value] of Object.entries(properties)) {
    const text = Array.isArray(value) ? value.join(" ") : String(value);
    if (/^on/i.test(name)) findings.push(`<${tagName} ${name}>`);
    if (/^(srcDoc|formAction|action)$/i.test(name)) findings.push(`<${tagName} ${name}>`);
    if (
      /^(href|xLinkHref|src|srcSet|poster|data|cite)$/i.test(name) &&
      /(java|vb)script:|data:text|data:image\/svg/i.test(withoutSpaceOrControls(text))
    )
      findings.push(`<${tagName} ${name}="${text}">`);
    if (/^attributeName$/i.test(name) && /href|^on/i.test(text))
      findings.push(`<${tagName} attributeName="${text}">`);
  }
}

describe("hostile page content", () => {
  for (const payload of PAYLOADS) {
    it(`leaves nothing that can run of ${payload.name} (${payload.file})`, async () => {
      const body = await renderPage({ [payload.file]: payload.source }, payload.file);
      expect(activeContent(body.html)).toEqual([]);
      // No mutation XSS: the tree the browser builds from the output passes the same allow-list
      // unchanged, so nothing changed meaning between the check and the browser.
      // (KaTeX's MathML is Quire's own trusted output, the one <math> a page may hold.)
      const removed = removedFromBrowserView(body.html).filter(
        (message) => !(message.startsWith("<math>") && body.html.includes('class="katex"')),
      );
      expect(removed).toEqual([]);
    });
  }

  it("reports what it removed at the file and line where it was written", async () => {
    const body = await renderPage(
      {
        "index.mdx": `# Title\n\nText.\n\n<a HREF="javascript:alert(1)">x</a>\n\n<img src="a.png" onError="alert(1)" />\n`,
      },
      "index.mdx",
    );
    const messages = body.problems.map((problem) => [problem.file, problem.line, problem.message]);
    expect(messages).toContainEqual([
      "index.mdx",
      5,
      'link "javascript:alert(1)" was removed: its scheme javascript: runs script',
    ]);
    expect(messages).toContainEqual([
      "index.mdx",
      7,
      "<img onError>: event handlers are not allowed",
    ]);
  });

  it("names the snippet a removed element came from", async () => {
    const body = await renderPage(
      {
        "index.mdx": `import Evil from "/snippets/evil.mdx";\n\n# Page\n\n<Evil />\n`,
        "snippets/evil.mdx": `Intro.\n\n<script>alert(1)</script>\n`,
      },
      "index.mdx",
    );
    expect(body.html).not.toContain("<script");
    expect(body.problems).toContainEqual(
      expect.objectContaining({ file: "snippets/evil.mdx", rule: "unsafe-html" }),
    );
  });

  it("keeps what authors legitimately write", async () => {
    const body = await renderPage({ "index.mdx": CONTROL_PAGE, "guides/start.mdx": "# Start" });
    const html = body.html;
    expect(html).toContain('href="guides/start.html"');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="mailto:team@example.com"');
    expect(html).toContain('href="tel:+15551234"');
    expect(html).toMatch(/<a class="card[^"]*" href="guides\/start.html"/);
    expect(html).toContain('<svg width="120" height="40" viewBox="0 0 120 40" id="drawing">');
    expect(html).toContain('<linearGradient id="fade">');
    expect(html).toContain("<style>.label { font: 12px sans-serif; }</style>");
    expect(html).toContain('<a href="https://example.com/svg">');
    expect(html).toContain("<table>");
    expect(html).toContain('class="katex"');
    expect(html).toContain('<pre class="mermaid">');
    expect(html).toContain("answer");
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/example"');
    expect(html).toContain('src="data:image/png;base64,');
    expect(html.match(/<svg[^>]*class="icon/g)?.length).toBeGreaterThanOrEqual(3);
    expect(body.problems.filter((problem) => problem.rule.startsWith("unsafe"))).toEqual([]);
  });

  it("cannot forge Quire's trusted raw HTML", async () => {
    const body = await renderPage({
      "index.mdx": `<quire-raw data-quire-raw="00:0" />\n\n$x$\n`,
    });
    expect(body.html).not.toContain("quire-raw");
    expect(body.html).toContain('class="katex"');
  });
});
