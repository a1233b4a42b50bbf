import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const PAGE = [
  "<Note>Read this first.</Note>",
  "",
  "<Warning>Mind the gap.</Warning>",
  "",
  '<Callout icon="key">Keys.</Callout>',
  "",
  "<Accordion>Hidden.</Accordion>",
  "",
  "<Tabs><Tab>One.</Tab></Tabs>",
  "",
  "<Prompt>Summarise the page.</Prompt>",
  "",
  '<ParamField query="limit" type="integer" required default="10">At most this many.</ParamField>',
  "",
  "<RequestExample>",
  "",
  "```",
  "GET /jobs",
  "```",
  "",
  "</RequestExample>",
  "",
  "```bash",
  "npm install lumen",
  "```",
  "",
].join("\n");

describe("components on a page in another language", () => {
  it("label callouts, copy buttons and default titles in the page's language", async () => {
    const body = await renderPage({ "index.mdx": PAGE }, "index.mdx", { language: "fr" });
    // The request example goes to the side column.
    const html = body.html + (body.aside ?? "");
    expect(html).toContain('class="callout callout-note" role="note" aria-label="Remarque"');
    expect(html).toContain(
      'class="callout callout-warning" role="note" aria-label="Avertissement"',
    );
    expect(html).toContain('aria-label="Encadré"');
    expect(html).toContain(
      '<button type="button" class="copy-code" aria-label="Copier le code">Copier</button>',
    );
    expect(html).toContain('aria-label="Copier le prompt">Copier</button>');
    expect(html).toContain('<span class="accordion-title">Détails</span>');
    expect(html).toContain('data-tab-title="Onglet"');
    expect(html).toContain('<p class="api-examples-title">Requête</p>');
    expect(html).toContain(">Exemple 1<");
    expect(html).toContain('<span class="field-required">obligatoire</span>');
    expect(html).toContain('<p class="field-default">Par défaut : <code>10</code></p>');
    expect(html).not.toMatch(
      />(Note|Warning|Copy|Details|Tab|Request|Example 1|required|Default: )</,
    );
  });

  it("keep the English words on an English page, and on a page in a language the catalogue lacks", async () => {
    for (const language of [undefined, "tlh"]) {
      const body = await renderPage({ "index.mdx": PAGE }, "index.mdx", { language });
      const html = body.html + (body.aside ?? "");
      expect(html).toContain('class="callout callout-note" role="note" aria-label="Note"');
      expect(html).toContain(
        '<button type="button" class="copy-code" aria-label="Copy code">Copy</button>',
      );
      expect(html).toContain('<span class="accordion-title">Details</span>');
      expect(html).toContain(">Example 1<");
      expect(html).toContain('<p class="field-default">Default: <code>10</code></p>');
    }
  });
});
