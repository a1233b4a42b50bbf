import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import {
  ENGLISH,
  type MessageKey,
  messagesFor,
  PLAYGROUND_MESSAGE_KEYS,
} from "../../../src/exporter/messages/index.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

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

/** Text as a reader gets it from HTML's character references. */
function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_entity, code: string) =>
      String.fromCodePoint(Number.parseInt(code, 16)),
    )
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** An API whose pages show every sentence Quire writes about a specification, in French. */
const SPECIFICATION = {
  openapi: "3.1.0",
  info: { title: "Lumen", version: "1" },
  servers: [{ url: "https://api.lumen.example" }],
  // The playground offers the first alternative: Basic and Bearer together.
  security: [{ basic: [], bearer: [] }, { jwt: [] }, { header: [] }, { query: [] }, { cookie: [] }],
  paths: {
    "/pets": {
      post: {
        tags: ["Pets"],
        summary: "Add a pet",
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
        },
        responses: { "204": { description: "Added." } },
      },
    },
    "/pets/old": {
      get: {
        tags: ["Pets"],
        summary: "List pets the old way",
        deprecated: true,
        responses: { "204": { description: "Listed." } },
      },
    },
  },
  components: {
    securitySchemes: {
      basic: { type: "http", scheme: "basic" },
      bearer: { type: "http", scheme: "bearer" },
      jwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      header: { type: "apiKey", in: "header", name: "X-Key" },
      query: { type: "apiKey", in: "query", name: "key" },
      cookie: { type: "apiKey", in: "cookie", name: "session" },
    },
    schemas: {
      Pet: {
        type: "object",
        title: "Pet",
        properties: {
          kind: {
            oneOf: [
              { title: "Cat", type: "object", properties: { type: { type: "string" } } },
              { title: "Dog", type: "object", properties: { type: { type: "string" } } },
            ],
            discriminator: { propertyName: "type" },
          },
          toys: {
            type: "array",
            items: { type: "object", properties: { name: { type: "string" } } },
          },
          parent: { $ref: "#/components/schemas/Pet" },
        },
      },
    },
  },
};

describe("an API reference page in French", () => {
  it("explains authorizations, options, nesting and the playground in French", async () => {
    const source = makeRepo({
      "docs.json": JSON.stringify({
        theme: "mint",
        name: "Lumen",
        colors: { primary: "#4F46E5" },
        navigation: {
          languages: [
            {
              language: "fr",
              tabs: [{ tab: "API", openapi: { source: "openapi.json", directory: "api" } }],
            },
          ],
        },
      }),
      "openapi.json": JSON.stringify(SPECIFICATION),
    });
    const site = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: source, outputDir: site, concurrency: 0 });
    const html = readFileSync(path.join(site, "api/pets/add-a-pet.html"), "utf8");
    const text = decodeEntities(html.replace(/<[^>]+>/g, ""));
    for (const sentence of [
      "En-tête d'authentification Basic de la forme Basic <encoded-value>, où <encoded-value> est l'encodage en base64 de username:password.",
      "En-tête d'authentification Bearer de la forme Bearer <token>, où <token> est votre jeton.",
      "où <token> est votre jeton JWT.",
      "Une clé d'API dans l'en-tête nommé X-Key.",
      "Une clé d'API dans le paramètre de requête key.",
      "Une clé d'API dans le cookie session.",
      "N'importe laquelle de ces autorisations est acceptée.",
      "L'un de ceux-ci (choisi selon type)",
      "Afficher les attributs des éléments",
      "Récursif : le même Pet que ci-dessus.",
      "L'outil d'essai a besoin de JavaScript ; les exemples ci-dessous montrent la même requête.",
    ])
      expect(text).toContain(sentence);
    expect(html).toContain('aria-label="Lien vers Autorisations"');
    // The sidebar tags the deprecated operation in the page's language.
    expect(html).toContain('<span class="nav-tag-pill-text">Obsolète</span>');
    // The playground: the credentials' labels, and its explanations on its mount point.
    expect(html).toContain('"label":"Nom d\'utilisateur et mot de passe"');
    expect(html).toContain('"label":"Jeton Bearer"');
    const carried = /<section class="api-playground"[^>]* data-messages="([^"]*)"/.exec(html);
    const playground = JSON.parse(decodeEntities(carried?.[1] ?? "{}"));
    expect(Object.keys(playground).sort()).toEqual([...PLAYGROUND_MESSAGE_KEYS].sort());
    expect(playground.requestFailed).toBe(messagesFor("fr").requestFailed);
    // None of the English sentences about an API is left (each by its longest literal part).
    const french = messagesFor("fr");
    const englishLeft = (Object.keys(ENGLISH) as MessageKey[]).filter((key) => {
      const longest = ENGLISH[key]
        .split(/\{\w+\}/)
        .reduce((a, b) => (b.length > a.length ? b : a), "");
      return (
        french[key] !== ENGLISH[key] && longest.split(" ").length >= 3 && text.includes(longest)
      );
    });
    expect(englishLeft).toEqual([]);
  }, 60_000);
});
