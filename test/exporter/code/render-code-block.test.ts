import { describe, expect, it } from "vitest";
import { highlightRegexEngine } from "../../../src/exporter/code/highlighter.ts";
import { parseCodeMeta } from "../../../src/exporter/code/meta.ts";
import { renderPage } from "../../helpers/render-page.ts";

describe("code blocks", () => {
  it("highlights at export time with colours for light and dark themes", async () => {
    const body = await renderPage({
      "index.mdx": '```ts title="a.ts"\nconst a: number = 1;\n```\n',
    });
    expect(body.html).toContain(
      '<div class="code-block" data-title="a.ts" data-language="ts"><div class="code-header"><span class="code-title">a.ts</span><button type="button" class="copy-code" aria-label="Copy code">Copy</button></div>',
    );
    expect(body.html).toMatch(
      /<span style="color:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">const<\/span>/,
    );
  });

  it("marks highlighted lines, line numbers, wrap, focus and diff lines", async () => {
    const body = await renderPage({
      "index.mdx":
        "```js {1} lines wrap\na();\nb(); // [!code ++]\nc(); // [!code --]\nd(); // [!code focus]\n```\n",
    });
    expect(body.html).toContain('class="code-block code-wrap code-line-numbers code-has-focus"');
    expect(body.html.match(/class="line[^"]*"/g)).toEqual([
      'class="line highlighted"',
      'class="line diff-add"',
      'class="line diff-remove"',
      'class="line focused"',
    ]);
    expect(body.html).not.toContain("[!code");
  });

  it("colours a long line to its end, and shows a line of minified data uncoloured without spending seconds on it", async () => {
    const entries = (count: number) =>
      JSON.stringify(Array.from({ length: count }, (_, index) => ({ [`key${index}`]: index })));
    const body = await renderPage({
      "index.mdx": `\`\`\`json\n${entries(600)}\n\`\`\`\n\n\`\`\`json\n${entries(4000)}\n\`\`\`\n`,
    });
    const [long, minified] = body.html.match(/<pre[\s\S]*?<\/pre>/g) ?? [];
    // The last key of the long line is coloured like the first one.
    expect(long).toMatch(
      /<span style="color:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">"key599"<\/span>/,
    );
    expect(minified).toContain('"key3999"');
    expect(minified).not.toMatch(/<span style="[^"]*">"key3999"<\/span>/);
  });

  it("colours a PowerShell cmdlet as one name, on a page that holds text beyond Latin-1", async () => {
    // Beyond Latin-1 (the arrow), V8 holds the page, and so each block, as UTF-16: the text
    // in which the expression for cmdlets once answered by what had run before it
    // (docs/decisions.md; bench/highlight-order.ts checks a whole repository in any order).
    const body = await renderPage({
      "index.mdx":
        "Set up → run:\n\n```powershell\n# Make the main file\nnew-item main.py\nNew-Item -Path app.ps1\n```\n",
    });
    const cmdlets = body.html.match(/<span style="[^"]*">(?:new-item|New-Item)<\/span>/gi) ?? [];
    expect(cmdlets).toHaveLength(2);
  });

  it("writes a grammar's case-insensitive part without the modifier groups whose answers drifted", () => {
    // Under V8's default compilation, `(?i:…)` groups answered by what had run before them
    // (docs/decisions.md). A case-insensitive part of an expression, as PowerShell's grammar
    // writes its cmdlets, is spelled out, and still matches either case, in text held as
    // Latin-1 and as UTF-16.
    const scanner = highlightRegexEngine().createScanner([
      "\\b(?i:New|Remove)-[A-Za-z]+\\b",
    ]) as unknown as { regexps: (RegExp | null)[] };
    const [expression] = scanner.regexps;
    if (!expression) throw new Error("the engine could not convert the expression");
    expect(expression.source).not.toContain("(?i:");
    const cases: [text: string, cmdlet: string][] = [
      ["new-item a", "new-item"],
      ["Remove-Item a", "Remove-Item"],
      ["→ NEW-ITEM a", "NEW-ITEM"],
    ];
    for (const [text, cmdlet] of cases) {
      expression.lastIndex = 0;
      expect(expression.exec(text)?.[0]).toBe(cmdlet);
    }
  });

  it("shows unknown languages as escaped plain text", async () => {
    const body = await renderPage({
      "index.mdx": "```nosuchlang\n<script>alert(1)</script>\n```\n",
    });
    expect(body.html).toContain("&#x3C;script>alert(1)&#x3C;/script>");
    expect(body.html).not.toContain("<script>");
  });

  it("reads titles, ranges and flags from the fence meta in every form Mintlify uses", () => {
    expect(parseCodeMeta('title="a.js" {1,3-5} lines')).toMatchObject({
      title: "a.js",
      highlight: new Set([1, 3, 4, 5]),
      lineNumbers: true,
    });
    expect(parseCodeMeta("Example file.js")).toMatchObject({ title: "Example file.js" });
    expect(parseCodeMeta("twoslash Twoslash example")).toMatchObject({
      title: "Twoslash example",
      twoslash: true,
    });
    expect(parseCodeMeta("twoslash").title).toBeUndefined();
    expect(parseCodeMeta("Example file.js").twoslash).toBe(false);
    expect(parseCodeMeta('focus={2-3} icon="js" expandable')).toMatchObject({
      focus: new Set([2, 3]),
      icon: "js",
      expandable: true,
      title: undefined,
    });
    expect(parseCodeMeta("{1-999999999}").highlight.size).toBeLessThanOrEqual(10_001);
  });
});
