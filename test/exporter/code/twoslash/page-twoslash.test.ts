import type { Element, ElementContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { renderCodeBlock } from "../../../../src/exporter/code/render-code-block.ts";
import { twoslashThreadsStarted } from "../../../../src/exporter/code/twoslash/twoslash-thread.ts";
import { ENGLISH } from "../../../../src/exporter/messages/index.ts";
import { renderPage } from "../../../helpers/render-page.ts";

const fence = (meta: string, code: string): string => `\`\`\`${meta}\n${code}\n\`\`\`\n`;

/** The elements of `html` whose class list holds `className`, in document order. */
function elementsWithClass(html: string, className: string): Element[] {
  const found: Element[] = [];
  visit(fromHtml(html, { fragment: true }), "element", (element: Element) => {
    const classes = element.properties.className;
    if (Array.isArray(classes) && classes.includes(className)) found.push(element);
  });
  return found;
}

/** An element's text, leaving out the popups inside it when asked (what the reader sees). */
function textOf(node: Element | ElementContent, withoutPopups = false): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  const classes = node.properties.className;
  if (withoutPopups && Array.isArray(classes) && classes.includes("twoslash-popup-container"))
    return "";
  return node.children.map((child) => textOf(child, withoutPopups)).join("");
}

/** The types the page's hovers show. */
function hoverTypes(html: string): string[] {
  return elementsWithClass(html, "twoslash-hover").flatMap((hover) =>
    elementsWithClass(toHtml(hover), "twoslash-popup-code")
      .slice(0, 1)
      .map((code) => textOf(code)),
  );
}

/** The code a reader sees in the page's blocks, without the popups. */
function visibleCode(html: string): string {
  return elementsWithClass(html, "line")
    .map((line) => textOf(line, true))
    .join("\n");
}

describe("twoslash code blocks", () => {
  it("gives each identifier a hover with the type TypeScript infers", async () => {
    const body = await renderPage({
      "index.mdx": `# Types\n\n${fence("ts twoslash", "const x = 1\nconst greeting = `hi ${x}`")}`,
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain('class="code-block code-twoslash"');
    expect(hoverTypes(body.html)).toEqual(["const x: 1", 'const greeting: "hi 1"', "const x: 1"]);
    expect(visibleCode(body.html)).toBe("const x = 1\nconst greeting = `hi ${x}`");
    // The hovered token can take keyboard focus, which shows its popup.
    expect(body.html).toMatch(/<span class="twoslash-hover" tabindex="0">/);
  }, 60_000);

  it("shows the type a `// ^?` query asks for on a line of its own, and drops the query", async () => {
    const body = await renderPage({
      "index.mdx": fence(
        "ts twoslash",
        "type Pet = 'cat' | 'dog'\nconst pets: Pet[] = ['cat']\nconst first = pets[0]\n//    ^?",
      ),
    });
    const [query] = elementsWithClass(body.html, "twoslash-query-line");
    expect(query && textOf(query).trim()).toBe("const first: Pet");
    expect(visibleCode(body.html)).not.toContain("^?");
  }, 60_000);

  it("renders the errors a block expects with `// @errors`, and leaves the annotation out", async () => {
    const body = await renderPage({
      "index.mdx": fence("ts twoslash", "// @errors: 2322\nconst count: number = 'three'"),
    });
    expect(body.problems).toEqual([]);
    const [error] = elementsWithClass(body.html, "twoslash-error-line");
    expect(error && textOf(error)).toBe("Type 'string' is not assignable to type 'number'.");
    // The token TypeScript complains about is marked in the line.
    expect(elementsWithClass(body.html, "twoslash-error").map((token) => textOf(token))).toEqual([
      "count",
    ]);
    expect(visibleCode(body.html)).toBe("const count: number = 'three'");
  }, 60_000);

  it("shows only what follows `// ---cut---`, typed with what precedes it", async () => {
    const body = await renderPage({
      "index.mdx": fence(
        "ts twoslash",
        "function area(side: number) { return side * side }\n// ---cut---\nconst size = area(3)",
      ),
    });
    expect(visibleCode(body.html)).toBe("const size = area(3)");
    expect(hoverTypes(body.html)).toEqual([
      "const size: number",
      "function area(side: number): number",
    ]);
  }, 60_000);

  it("highlights a block TypeScript rejects as ordinary code, with a warning at its line", async () => {
    const broken = "const = = 1 {{";
    const body = await renderPage({
      "index.mdx": `# Broken\n\nText.\n\n${fence("ts twoslash", broken)}`,
    });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        rule: "twoslash",
        file: "index.mdx",
        line: 5,
        message: expect.stringContaining("Variable declaration expected"),
      }),
    ]);
    // The block exactly as the same code without `twoslash` renders.
    const plain = renderCodeBlock(
      { code: broken, lang: "ts" },
      { icon: () => undefined, messages: ENGLISH },
    );
    expect(body.html).toContain(toHtml(plain, { allowDangerousHtml: true }));
    expect(body.html).not.toContain("twoslash");
  }, 60_000);

  it("names the snippet a failing block comes from", async () => {
    const body = await renderPage({
      "index.mdx": 'import Example from "/snippets/example.mdx";\n\n# Page\n\n<Example />\n',
      "snippets/example.mdx": `Intro.\n\n${fence("ts twoslash", "let n: number = 'x'")}`,
    });
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "twoslash", file: "snippets/example.mdx", line: 3 }),
    ]);
    expect(body.problems[0]?.message).toContain("// @errors: 2322");
  }, 60_000);

  it("starts no type-checking for a page whose blocks do not ask for it", async () => {
    const before = twoslashThreadsStarted();
    const body = await renderPage({
      "index.mdx": `${fence("ts", "const x = 1")}\n${fence("python twoslash", "x = 1")}`,
    });
    expect(body.html).not.toContain("twoslash");
    expect(twoslashThreadsStarted()).toBe(before);
  });
});
