import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const page = `<RequestExample>

\`\`\`bash cURL
curl https://api.example.com/jobs
\`\`\`

\`\`\`python
print("jobs")
\`\`\`

</RequestExample>

<ResponseExample>

\`\`\`json 200
{ "id": "job_1" }
\`\`\`

\`\`\`json 404
{ "error": "not found" }
\`\`\`

</ResponseExample>
`;

describe("request and response examples", () => {
  it("moves the examples out of the page's content into its side column", async () => {
    const body = await renderPage({
      "index.mdx": `# Jobs\n\nBefore.\n\n${page}\nAfter.\n`,
    });
    expect(body.html).not.toContain("api-examples");
    expect(body.html).toContain("<p>Before.</p>");
    expect(body.html).toContain("<p>After.</p>");
    expect(body.aside?.indexOf('class="api-examples request-example"')).toBe(5);
    expect(body.aside).toContain('class="api-examples response-example"');
  });

  it("groups request examples as tabs titled by each block's title, else its language, remembering the reader's choice", async () => {
    const body = await renderPage({ "index.mdx": page });
    const aside = body.aside ?? "";
    const start = aside.indexOf(
      '<div class="api-examples request-example" data-side-column=""><p class="api-examples-title">Request</p><div class="tab-set code-group" data-tabs="" data-tabs-remember="example-language">',
    );
    expect(start).toBeGreaterThanOrEqual(0);
    const request = aside.slice(start, aside.indexOf('<div class="api-examples response-example"'));
    expect(
      [...request.matchAll(/<button[^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map(
        (match) => match[1],
      ),
    ).toEqual(["cURL", "python"]);
  });

  it("groups response examples under their own heading with a tab per status", async () => {
    const body = await renderPage({ "index.mdx": page });
    const aside = body.aside ?? "";
    const response = aside.slice(aside.indexOf('<div class="api-examples response-example"'));
    expect(response).toContain('<p class="api-examples-title">Response</p>');
    expect(
      [...response.matchAll(/<button[^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map(
        (match) => match[1],
      ),
    ).toEqual(["200", "404"]);
    expect(response).toContain(
      '<div class="tab-panel" role="tabpanel" id="tabs-2-panel-1" aria-labelledby="tabs-2-tab-1" tabindex="0" data-tab-title="404"><p class="tab-panel-title">404</p>',
    );
  });

  it("keeps each example's code highlighted with a copy button", async () => {
    const body = await renderPage({ "index.mdx": page });
    const aside = body.aside ?? "";
    expect(aside).toContain('<div class="code-block" data-title="cURL" data-language="bash">');
    expect(aside.match(/class="copy-code"/g)).toHaveLength(4);
    expect(aside).toContain("https://api.example.com/jobs");
  });

  it("takes a title of the author's choice and offers a dropdown with dropdown set", async () => {
    const body = await renderPage({
      "index.mdx":
        '<RequestExample title="Create a job" dropdown>\n\n```bash cURL\ncurl -X POST x\n```\n\n```js Node\nfetch("x")\n```\n\n</RequestExample>\n',
    });
    expect(body.aside).toContain(
      '<p class="api-examples-title">Create a job</p><div class="tab-set code-group tab-set-dropdown" data-tabs="" data-tabs-remember="example-language">',
    );
    expect(body.aside).toContain(
      '<select class="tab-select" aria-label="Choose an example"><option value="0" selected>cURL</option><option value="1">Node</option></select>',
    );
  });
});
