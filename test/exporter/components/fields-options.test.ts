import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("options of API fields", () => {
  it("nests the fields of an object inside an expandable under its parent field", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ParamField body="user" type="object" required>\n  The user.\n  <Expandable title="properties">\n    <ParamField body="email" type="string">Their email.</ParamField>\n  </Expandable>\n</ParamField>\n',
    });
    expect(body.html).toMatch(
      /<div class="field" id="param-user">.*<div class="field-body"><p>The user.<\/p><details class="expandable">.*<div class="field" id="param-email">.*Their email.<\/div><\/div><\/div><\/details><\/div><\/div>$/s,
    );
  });

  it("gives two fields of the same name different anchors, counted as Mintlify counts them", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ParamField path="id" type="string" />\n\n<ParamField body="id" type="integer" />\n',
    });
    expect(body.html).toContain('<div class="field" id="param-id">');
    expect(body.html).toContain(
      '<div class="field" id="param-id-1"><div class="field-header"><a class="field-name" href="#param-id-1">',
    );
  });

  it("anchors fields by Mintlify's ids: camelCase words apart, response fields too, or the field's own id", async () => {
    const body = await renderPage({
      "index.mdx": [
        '<ParamField path="onError" type="function" />',
        '<ParamField query="XMLHttpRequest" type="string" />',
        '<ParamField query="listAPIs" type="boolean" />',
        '<ResponseField name="createdAt" type="string" />',
        '<ResponseField name="user_id" type="string" id="owner" />',
        "",
      ].join("\n\n"),
    });
    expect(body.ids).toEqual([
      "param-on-error",
      "param-xml-http-request",
      "param-list-apis",
      "param-created-at",
      "owner",
    ]);
  });

  it("shows defaults of every literal kind as written values", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ParamField query="verbose" type="boolean" default={false} />\n\n<ParamField query="tags" type="string[]" default={["a", "b"]} />\n\n<ParamField query="mode" default="fast" />\n',
    });
    expect(body.html).toContain("Default: <code>false</code>");
    expect(body.html).toContain('Default: <code>["a","b"]</code>');
    expect(body.html).toContain("Default: <code>fast</code>");
  });

  it("accepts the older Param name and a parameter named with spaces", async () => {
    const body = await renderPage({
      "index.mdx": '<Param query="page size" type="integer">Items per page.</Param>\n',
    });
    expect(body.html).toContain(
      '<div class="field" id="param-page-size"><div class="field-header"><a class="field-name" href="#param-page-size"><code>page size</code></a>',
    );
    expect(body.problems).toEqual([]);
  });

  it("marks a required response field and renders its description's Markdown", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ResponseField name="status" type="string" required>\n  One of `active` or `archived`.\n</ResponseField>\n',
    });
    expect(body.html).toContain(
      '<a class="field-name" href="#param-status"><code>status</code></a><span class="field-type">string</span><span class="field-required">required</span>',
    );
    expect(body.html).toContain("<p>One of <code>active</code> or <code>archived</code>.</p>");
  });

  it("lets a link elsewhere on the page jump to a field", async () => {
    const body = await renderPage({
      "index.mdx": 'See [limit](#param-limit).\n\n<ParamField query="limit" type="integer" />\n',
    });
    expect(body.html).toContain('<a href="#param-limit">limit</a>');
    expect(body.html).toContain('id="param-limit"');
  });
});
