import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseMarkdownTree } from "../../../src/exporter/mdx/syntax.ts";
import { wholeSyntax } from "./whole-syntax.ts";

const EXAMPLE = path.resolve(import.meta.dirname, "../../../examples/docs");

/** Texts on the edge of each construct left out when a text cannot hold it. */
const NEAR_MISSES = [
  "Plain words with no link, table or address.",
  "Write to contact@example.org for help.",
  "An at sign alone: @ and user@localhost and a@b.c.",
  "Go to www.example.com/path?q=1 now.",
  "WWW.EXAMPLE.COM and wWw.x.org",
  "www without a dot: wwwexample",
  "HTTPS://EXAMPLE.COM/x",
  "Http://a.b and http://example.com",
  "http:no-slashes and https:/one",
  "mailto:someone@example.com and xmpp:a@b.c/d",
  "Install @lumen/client; @param a@b and me@host. and x@-y.z",
  "user&#64;example.com, www&#46;example.com, http&#58;//example.com and a&commat;b.c",
  "<Note>Mail a@b.co</Note> and `@scope/pkg`",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "a | b\n- | -\n1 | 2",
  "a\n:-\nb",
  "a\n-:",
  "a\n:-:",
  "a\n---",
  "a\n- -",
  "Time: -5 degrees, and 3-: a range.",
  "<Note>\n| a |\n| - |\n</Note>",
  "<Card href='https://example.com'>www.example.com</Card>",
  "`https://in.code` and `a@b.c`\n\n```\nwww.example.com | a |\n```",
  "> Quote with https://example.com and | a |\n> | - |",
  "[Docs](https://example.com), [mail](mailto:a@b.co) and ![A logo](https://example.com/a.png)",
  "[www.example.com](https://example.com) and [a@b.co][ref]\n\n[ref]: https://example.com",
  "See [the docs](https://example.com), then www.example.com and a@b.co",
  "<Card href='https://example.com'>Docs</Card> and {'https://example.com'}",
  // Tables where the table is tried only at lines a delimiter row may follow.
  "A paragraph line\n| a | b |\n| - | - |\n| 1 | 2 |",
  "| a |\n| - |\nbody without pipes\nmore\n\nafter | x",
  "- item\n\n  | a |\n  | - |\n  | 1 |\n- b | c",
  "a | b\r\n- | -\r\n1 | 2\r\n\r\nc | d",
  "a\r:-\rb\r\rc",
  "x\n\n| a |\n| - |",
  "<Note>\n\na | b\n- | -\n\n</Note>\n\nz | y",
  "> a\n> :-\n> b\n\n> c |\n> d",
  "| a |\n|-|\nb\n| c |\n\n| d |\ne\n|-|",
  "# Head | er\n| - |\ntext | more\n---|---",
];

function examplePages(): { file: string; text: string }[] {
  return readdirSync(EXAMPLE, { recursive: true })
    .map(String)
    .filter((file) => /\.mdx?$/.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(EXAMPLE, file), "utf8") }));
}

describe("the syntax a text is parsed with", () => {
  it("gives the tree of the whole syntax on texts at the edge of each left-out construct", () => {
    for (const format of ["mdx", "md"] as const) {
      for (const text of NEAR_MISSES) {
        expect(parseMarkdownTree(text, format), `${format}: ${text}`).toEqual(
          wholeSyntax[format].parse(text),
        );
      }
    }
  });

  it("gives the tree of the whole syntax on every page of the example site", () => {
    const pages = examplePages();
    expect(pages.length).toBeGreaterThan(30);
    let parsed = 0;
    for (const { file, text } of pages) {
      const format = file.endsWith(".md") ? "md" : "mdx";
      let whole: unknown;
      try {
        whole = wholeSyntax[format].parse(text);
      } catch {
        // A page the example site keeps broken on purpose fails either way.
        expect(() => parseMarkdownTree(text, format), file).toThrow();
        continue;
      }
      expect(parseMarkdownTree(text, format), file).toEqual(whole);
      parsed++;
    }
    expect(parsed).toBeGreaterThan(30);
  });

  it("still finds the literal links and tables a text holds", () => {
    const tree = parseMarkdownTree(
      "Mail a@example.org, see www.example.com and https://example.com.\n\na\n:-\nb",
      "mdx",
    );
    const types = JSON.stringify(tree).match(/"type":"(link|table)"/g);
    expect(types).toEqual(['"type":"link"', '"type":"link"', '"type":"link"', '"type":"table"']);
  });

  it("still links an address written as character references, beside links elsewhere", () => {
    // micromark does not see these literals; only the transform over the decoded text does.
    const tree = parseMarkdownTree(
      "Read [the docs](https://example.com).\n\nMail user&#64;example.com or www&#46;example.com.",
      "mdx",
    );
    const urls = JSON.stringify(tree).match(/"url":"[^"]*"/g);
    expect(urls).toEqual([
      '"url":"https://example.com"',
      '"url":"mailto:user@example.com"',
      '"url":"http://www.example.com"',
    ]);
  });
});
