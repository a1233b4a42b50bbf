import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("tabs, code groups and views", () => {
  it("builds an accessible tablist whose panels keep their titles for readers without JavaScript", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tabs>\n<Tab title="npm">npm i</Tab>\n<Tab title="yarn" icon="box">yarn add</Tab>\n</Tabs>\n',
    });
    expect(body.html).toContain('role="tablist"');
    expect(body.html).toMatch(
      /<button type="button" role="tab" id="tabs-tab-0" aria-controls="npm" aria-selected="true" tabindex="0" data-tab-title="npm">npm<\/button>/,
    );
    expect(body.html).toMatch(/aria-selected="false" tabindex="-1" data-tab-title="yarn"><svg/);
    expect(body.html).toContain(
      '<div class="tab-panel active" role="tabpanel" id="npm" aria-labelledby="tabs-tab-0" tabindex="0" data-tab-title="npm"><p class="tab-panel-title">npm</p>',
    );
  });

  it("gives each tab set on a page its own ids", async () => {
    const body = await renderPage({
      "index.mdx": '<Tabs><Tab title="a">1</Tab></Tabs>\n\n<Tabs><Tab title="b">2</Tab></Tabs>\n',
    });
    expect(body.html).toContain('id="tabs-tab-0"');
    expect(body.html).toContain('id="tabs-2-tab-0"');
  });

  it("links each tab by its title's slug or its own id, unique on the page, as Mintlify's tabs are", async () => {
    const body = await renderPage({
      "index.mdx":
        '## Install\n\n<Tabs>\n<Tab title="Install">1</Tab>\n<Tab title="Fee Token Flow">2</Tab>\n<Tab title="Run" id="go">3</Tab>\n</Tabs>\n',
    });
    expect(body.html).toContain('aria-controls="install"');
    expect(body.html).toContain('role="tabpanel" id="install"');
    expect(body.html).toContain('role="tabpanel" id="fee-token-flow"');
    expect(body.html).toContain('role="tabpanel" id="go"');
    // The heading of the same words takes another id.
    expect(body.html).toContain('<h2 id="install-2">');
    expect(body.ids).toEqual(expect.arrayContaining(["install", "fee-token-flow", "go"]));
  });

  it("titles code group tabs from the fences' titles, falling back to the language", async () => {
    const body = await renderPage({
      "index.mdx":
        "<CodeGroup>\n```bash cURL\ncurl x\n```\n\n```python\nprint(1)\n```\n</CodeGroup>\n",
    });
    expect(body.html).toContain('data-tab-title="cURL">cURL</button>');
    expect(body.html).toContain('data-tab-title="python">python</button>');
    expect(body.html).toContain('class="tab-set code-group"');
  });

  it("renders the dropdown form of a code group as a select", async () => {
    const body = await renderPage({
      "index.mdx":
        "<CodeGroup dropdown>\n```go main.go\nx\n```\n\n```rust main.rs\ny\n```\n</CodeGroup>\n",
    });
    expect(body.html).toContain(
      '<select class="tab-select" aria-label="Choose an example"><option value="0" selected>main.go</option><option value="1">main.rs</option></select>',
    );
  });

  it("places request and response examples in titled blocks in the side column", async () => {
    const body = await renderPage({
      "index.mdx":
        "<RequestExample>\n```bash cURL\ncurl x\n```\n</RequestExample>\n\n<ResponseExample>\n```json 200\n{}\n```\n</ResponseExample>\n",
    });
    expect(body.aside).toContain(
      '<div class="api-examples request-example" data-side-column=""><p class="api-examples-title">Request</p>',
    );
    expect(body.aside).toContain(
      '<div class="api-examples response-example" data-side-column=""><p class="api-examples-title">Response</p>',
    );
  });
});
