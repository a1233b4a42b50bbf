import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const variables = {
  version: "2.0.0",
  "api-url": "https://api.example.com",
  product: "Acme <Cloud>",
  tagline: "Fast: really # yes",
};

describe("docs.json variables in pages", () => {
  it("puts values in text, frontmatter, component props, links and code, keeping every line", async () => {
    const body = await renderPage(
      {
        "index.mdx": [
          "---",
          'title: "{{product}} {{version}}: release notes"',
          "---",
          "",
          "The current version is {{version}}. Make requests to {{api-url}}.",
          "",
          '<Card title="Upgrade to {{version}}" href="{{api-url}}/upgrade" />',
          "",
          "Read the [API]({{api-url}}/docs).",
          "",
          "```bash",
          "npm install acme@{{version}}",
          "```",
          "",
          "Inline `v{{version}}` and {{missing}} here.",
          "",
        ].join("\n"),
      },
      "index.mdx",
      { variables },
    );
    expect(body.frontmatter.title).toBe("Acme <Cloud> 2.0.0: release notes");
    expect(body.html).toContain(
      "The current version is 2.0.0. Make requests to https://api.example.com.",
    );
    expect(body.html).toContain('href="https://api.example.com/upgrade"');
    expect(body.html).toContain('<p class="card-title">Upgrade to 2.0.0</p>');
    expect(body.html).toContain('<a href="https://api.example.com/docs"');
    expect(body.html).toContain("acme@2.0.0");
    expect(body.html).toContain("<code>v2.0.0</code>");
    // An undefined variable is left as written, with a warning at its line and column.
    expect(body.html).toContain("and {{missing}} here.");
    expect(body.problems).toEqual([
      {
        severity: "warning",
        rule: "undefined-variable",
        file: "index.mdx",
        line: 15,
        column: 27,
        message: '{{missing}} names no variable of docs.json "variables"; it is left as written',
      },
    ]);
    expect(body.markdown).toContain("The current version is 2.0.0.");
  });

  it("keeps a value text wherever it lands: never markup, never broken syntax", async () => {
    const body = await renderPage(
      {
        "index.md": 'Made by {{product}} and <b title="{{product}}">{{product}}</b>\n',
      },
      "index.md",
      { variables },
    );
    expect(body.problems).toEqual([]);
    expect(body.html).toBe(
      '<p>Made by Acme &#x3C;Cloud> and <b title="Acme <Cloud>">Acme &#x3C;Cloud></b></p>',
    );
    const other = await renderPage(
      { "other.mdx": "---\ntitle: {{tagline}}\n---\n\n<span>{{product}}</span> {{product}}\n" },
      "other.mdx",
      { variables },
    );
    expect(other.problems).toEqual([]);
    expect(other.frontmatter.title).toBe("Fast: really # yes");
    expect(other.html).toBe("<p><span>Acme &#x3C;Cloud></span> Acme &#x3C;Cloud></p>");
  });

  it("substitutes in snippets, and reports an undefined one in the snippet's own file", async () => {
    const body = await renderPage(
      {
        "index.mdx": 'import Install from "/snippets/install.mdx";\n\n<Install />\n',
        "snippets/install.mdx": "Install version {{version}} ({{channel}}).\n",
      },
      "index.mdx",
      { variables },
    );
    expect(body.html).toContain("Install version 2.0.0 ({{channel}}).");
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "undefined-variable",
        file: "snippets/install.mdx",
        line: 1,
        column: 30,
      }),
    ]);
  });

  it("leaves JSX objects and pages of a site without variables as they are", async () => {
    const jsx = await renderPage(
      {
        "index.mdx":
          '<div style={{color: "red"}}>Red</div>\n\nLiteral {{version}} in `{{version}}`\n',
      },
      "index.mdx",
    );
    expect(jsx.html).toContain('<div style="color:red">Red</div>');
    expect(jsx.html).toContain("<code>{{version}}</code>");
    const shorthand = await renderPage(
      { "index.mdx": "export const color = 'red';\n\n<div style={{color}}>Red</div>\n" },
      "index.mdx",
      { variables },
    );
    expect(shorthand.html).toContain('<div style="color:red">Red</div>');
    expect(shorthand.problems).toEqual([]);
  });
});
