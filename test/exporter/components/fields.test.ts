import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("API fields", () => {
  it("shows a parameter's name, location, type, requirement and default with a linkable id", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ParamField query="limit" type="integer" default={20} required>How many.</ParamField>\n',
    });
    expect(body.html).toContain('<div class="field" id="param-limit">');
    expect(body.html).toContain(
      '<a class="field-name" href="#param-limit"><code>limit</code></a><span class="field-type">integer</span><span class="field-location">query</span><span class="field-required">required</span>',
    );
    expect(body.html).toContain(
      '<p class="field-default">Default: <code>20</code></p>How many.</div>',
    );
  });

  it("supports every location attribute and marks deprecated fields", async () => {
    for (const location of ["path", "body", "header", "cookie"]) {
      const body = await renderPage({
        "index.mdx": `<ParamField ${location}="x" deprecated>y</ParamField>\n`,
      });
      expect(body.html).toContain(`<span class="field-location">${location}</span>`);
      expect(body.html).toContain('class="field field-is-deprecated"');
    }
  });

  it("warns about a parameter without a name", async () => {
    const body = await renderPage({ "index.mdx": '<ParamField type="string">x</ParamField>\n' });
    expect(body.problems).toEqual([
      expect.objectContaining({
        file: "index.mdx",
        line: 1,
        message: expect.stringContaining("needs a name"),
      }),
    ]);
  });

  it("shows response fields with their labels before and after", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ResponseField name="id" type="string" pre={["read-only"]} post={["beta"]}>The id.</ResponseField>\n',
    });
    expect(body.html).toContain(
      '<span class="field-pill">read-only</span><span class="field-type">string</span><span class="field-pill">beta</span>',
    );
  });
});
