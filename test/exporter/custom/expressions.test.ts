import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const CATEGORIES = [
  "Authentication",
  "Authorization",
  "Billing",
  "Conflicts",
  "Deployments",
  "Domains",
  "Files",
  "Limits",
  "Networking",
  "Projects",
  "Rate limits",
  "Storage",
  "Validation",
];

describe("MDX expressions that compute content", () => {
  it("shows every item of an error-codes page's category pills, each link rewritten", async () => {
    const body = await renderPage(
      {
        "reference/errors.mdx": [
          "---",
          "title: Error codes",
          "---",
          "",
          `export const categories = ${JSON.stringify(CATEGORIES.map((name) => ({ name, slug: name.toLowerCase().replace(/ /g, "-") })))};`,
          "",
          '<div className="flex flex-wrap gap-2">',
          "  {categories.map((category) => (",
          '    <a key={category.slug} className="pill" href={`/reference/errors/${category.slug}`}>',
          "      {category.name}",
          "    </a>",
          "  ))}",
          "</div>",
          "",
          '{["E100", "E200"].map((code) => <code key={code}>{code}</code>)}',
          "",
        ].join("\n"),
      },
      "reference/errors.mdx",
    );
    expect(body.problems).toEqual([]);
    const pills = [
      ...body.html.matchAll(/<a class="pill" href="errors\/([a-z-]+)\.html">([^<]+)<\/a>/g),
    ];
    expect(pills.map((pill) => pill[2])).toEqual(CATEGORIES);
    expect(pills[10]?.[1]).toBe("rate-limits");
    expect(body.html).toContain("<code>E100</code>\n<code>E200</code>");
    expect(body.links).toHaveLength(13);
    expect(body.classes).toContain("pill");
    expect(body.markdown).toContain("AuthenticationAuthorizationBilling");
  });

  it("evaluates ternaries, template strings, string methods and export const values in text", async () => {
    const body = await renderPage({
      "index.mdx": [
        'export const plan = { name: "team", seats: 12 };',
        'export const regions = ["eu", "us"];',
        "",
        'Plan {plan.name.toUpperCase()} with {plan.seats > 10 ? "many" : "few"} seats in {regions.join(", ")}: {`${regions.length} regions`}.',
        "",
      ].join("\n"),
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toBe("<p>Plan TEAM with many seats in eu, us: 2 regions.</p>");
  });

  it("renders Mintlify's components an expression makes, and a snippet's expressions with its props", async () => {
    const body = await renderPage({
      "index.mdx": [
        'import Install from "/snippets/install.mdx";',
        "",
        '{["Quickstart", "API"].map((title) => <Card key={title} title={title} href={`/${title.toLowerCase()}`} />)}',
        "",
        '<Install packageName="@acme/sdk" />',
        "",
      ].join("\n"),
      "snippets/install.mdx":
        'Run `npm i` for {packageName.replace("@acme/", "")} {packageName.length > 3 ? "now" : ""}.\n',
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain('<a class="card card-link" href="quickstart.html">');
    expect(body.html).toContain('<p class="card-title">API</p>');
    expect(body.html).toContain("<p>Run <code>npm i</code> for sdk now.</p>");
  });

  it("warns at the file and line of an expression that fails, renders nothing there, and goes on", async () => {
    const body = await renderPage({
      "index.mdx": [
        "Before.",
        "",
        "{missing.map((item) => item)}",
        "",
        "Loop: {(() => { while (true) {} })()} after.",
        "",
        "{[1].map(() => ({ not: 'a child' }))}",
        "",
        "After.",
        "",
      ].join("\n"),
    });
    expect(body.html).toBe("<p>Before.</p>\n<p>Loop:  after.</p>\n<p>After.</p>");
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        rule: "mdx-expression",
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining("ReferenceError: 'missing' is not defined"),
      }),
      expect.objectContaining({
        line: 5,
        message: expect.stringContaining("ran longer than the time limit"),
      }),
      expect.objectContaining({
        line: 7,
        message: expect.stringContaining("not valid as a child"),
      }),
    ]);
    expect(body.problems.every((problem) => problem.severity === "warning")).toBe(true);
  });

  it("never fails the page for an import its expressions cannot load: a warning, and the rest renders", async () => {
    const body = await renderPage({
      "index.mdx":
        'import { Chart } from "chart-lib";\n\nTotal: {[1, 2].reduce((a, b) => a + b, 0)}.\n',
    });
    expect(body.problems.length).toBeGreaterThan(0);
    expect(body.problems.every((problem) => problem.severity === "warning")).toBe(true);
    expect(body.problems.map((problem) => problem.message).join("\n")).toContain("chart-lib");
    expect(body.html).toBe("<p>Total: 3.</p>");
  });

  it("never runs on the host: the sandbox has no process, file system or network", async () => {
    const body = await renderPage({
      "index.mdx": [
        "Process: {typeof process}, fetch: {typeof fetch}, {globalThis.constructor.constructor('return typeof process')()}.",
        "",
        '{require("fs").readFileSync("/etc/passwd", "utf8")}',
        "",
      ].join("\n"),
    });
    expect(body.html).toBe("<p>Process: undefined, fetch: undefined, undefined.</p>");
    expect(body.problems).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringContaining('module "fs" is not available in the sandbox'),
      }),
    ]);
  });

  it("passes what an expression renders through the same sanitizer and URL rule as the page", async () => {
    const body = await renderPage({
      "index.mdx": [
        '{["javascript:alert(1)", "/ok"].map((href) => <a key={href} href={href} onClick="alert(2)">go</a>)}',
        "",
        '{<img src="x.png" onError="alert(3)" />}{<script>alert(4)</script>}',
        "",
      ].join("\n"),
    });
    expect(body.html).not.toMatch(/javascript:|alert|<script|onerror/i);
    expect(body.html).toContain('<a>go</a>\n<a href="ok.html">go</a>');
    expect(body.problems.map((problem) => problem.rule).sort()).toEqual([
      "missing-file",
      "unsafe-html",
      "unsafe-html",
    ]);
  });

  it("keeps literal expressions off the sandbox: with repository code off they still render", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          'export const name = "Acme";\n\nHello {name} and {"you"}; computed: {name.toLowerCase()}.\n',
      },
      "index.mdx",
      { components: "off" },
    );
    expect(body.html).toBe("<p>Hello Acme and you; computed: .</p>");
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "mdx-expression",
        line: 3,
        message: expect.stringContaining("repository code is off for this export"),
      }),
    ]);
  });
});
