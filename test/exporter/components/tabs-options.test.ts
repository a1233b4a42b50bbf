import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const twoTabs = '<Tab title="One">first</Tab>\n<Tab title="Two">second</Tab>\n';

describe("tabs options", () => {
  it("opens on the tab named by defaultTabIndex", async () => {
    const body = await renderPage({
      "index.mdx": `<Tabs defaultTabIndex={1}>\n${twoTabs}</Tabs>\n`,
    });
    expect(body.html).toContain(
      'aria-selected="false" tabindex="-1" data-tab-title="One">One</button>',
    );
    expect(body.html).toContain(
      'aria-selected="true" tabindex="0" data-tab-title="Two">Two</button>',
    );
    expect(body.html).toContain('<div class="tab-panel active" role="tabpanel" id="two"');
  });

  it("falls back to the last tab when defaultTabIndex is past the end", async () => {
    const body = await renderPage({
      "index.mdx": `<Tabs defaultTabIndex={7}>\n${twoTabs}</Tabs>\n`,
    });
    expect(body.html).toContain('<div class="tab-panel active" role="tabpanel" id="two"');
  });

  it("marks a set made with sync={false} so choosing a tab elsewhere leaves it alone", async () => {
    const body = await renderPage({
      "index.mdx": `<Tabs sync={false}>\n${twoTabs}</Tabs>\n\n<Tabs>\n${twoTabs}</Tabs>\n`,
    });
    expect(body.html).toContain('<div class="tab-set tabs" data-tabs="" data-tabs-sync="false">');
    expect(body.html).toContain('<div class="tab-set tabs" data-tabs=""><div class="tab-list"');
  });

  it("keeps every panel's content in the page for readers without JavaScript", async () => {
    const body = await renderPage({ "index.mdx": `<Tabs>\n${twoTabs}</Tabs>\n` });
    expect(body.html).toContain('<p class="tab-panel-title">One</p>first</div>');
    expect(body.html).toContain('<p class="tab-panel-title">Two</p>second</div>');
  });

  it("warns, naming the file and line, about <Tabs> with no <Tab> inside", async () => {
    const body = await renderPage({ "index.mdx": "Intro.\n\n<Tabs>\nJust text.\n</Tabs>\n" });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining("<Tabs> has no <Tab>"),
      }),
    ]);
    expect(body.html).toContain("Just text.");
  });
});
