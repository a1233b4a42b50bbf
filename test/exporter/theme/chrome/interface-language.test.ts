import { describe, expect, it } from "vitest";
import {
  CLIENT_MESSAGE_KEYS,
  ENGLISH,
  messagesFor,
} from "../../../../src/exporter/messages/index.ts";
import type { PageMeta } from "../../../../src/exporter/site/page-index.ts";
import { escapeHtml } from "../../../../src/exporter/theme/html.ts";
import { renderNotFoundPage, renderPage } from "../../../../src/exporter/theme/layout.ts";
import { NavigationModel } from "../../../../src/exporter/theme/navigation-view.ts";
import { meta, siteOf } from "../layout-helpers.ts";

describe("a French page's chrome", () => {
  it("shows none of the interface's English strings", () => {
    const site = siteOf(
      {
        banner: { content: "Nouveau", dismissible: true },
        styling: { eyebrows: "breadcrumbs" },
        metadata: { timestamp: true },
        contextual: { options: ["copy", "view", "chatgpt", "claude", "mcp", "add-mcp", "cursor"] },
        navigation: {
          languages: [
            { language: "en", groups: [{ group: "Start", pages: ["index", "quickstart"] }] },
            {
              language: "fr",
              default: true,
              tabs: [
                {
                  tab: "Guides",
                  groups: [{ group: "Démarrer", pages: ["fr/index", "fr/quickstart"] }],
                },
                { tab: "API", pages: ["fr/api"] },
              ],
            },
          ],
        },
      },
      [
        meta("index"),
        meta("quickstart"),
        meta("fr/index", { title: "Accueil" }),
        // As a generated page of an operation its specification marks deprecated would be.
        meta("fr/quickstart", { title: "Démarrage", deprecated: true, deprecatedTag: true }),
        meta("fr/api", { title: "API" }),
      ],
      {
        // Everything the page's end and its menu can show: feedback, edit links, the date, MCP.
        reader: {
          exportedAt: "2025-05-06T07:08:09.000Z",
          feedbackUrl: "https://feedback.example/collect",
          repository: { url: "https://github.com/lumen/docs" },
          mcpUrl: "https://docs.example/mcp",
        },
      },
    );
    const html = renderPage(
      site,
      {
        page: site.pages["fr/quickstart"] as PageMeta,
        body: {
          html: "<p>Texte.</p>",
          toc: [{ depth: 2, id: "installation", text: "Installation" }],
          features: { math: false, mermaid: false },
          frontmatter: {},
        },
      },
      new NavigationModel(site.config.navigation, site.pages).view("fr/quickstart"),
    );
    const french = messagesFor("fr");
    const shown = Object.entries(ENGLISH).filter(
      ([key, english]) =>
        french[key as keyof typeof ENGLISH] !== english &&
        !(CLIENT_MESSAGE_KEYS as readonly string[]).includes(key),
    );
    // A string shows as a whole text or attribute value; one with placeholders by its words.
    const leaks = shown.filter(([, english]) =>
      /\{\w+\}/.test(english)
        ? html.includes(escapeHtml(english.replace(/\{\w+\}/g, "")))
        : html.includes(`>${escapeHtml(english)}<`) || html.includes(`"${escapeHtml(english)}"`),
    );
    expect(leaks).toEqual([]);
    // The playground's explanations are carried by its mount point, not by every page.
    expect(html).not.toContain("requestFailed");
    for (const text of [
      "Sur cette page",
      "Copier la page",
      "Obsolète",
      "Précédent",
      "Langue",
      "Cette page vous a-t-elle été utile ?",
      "Suggérer des modifications",
      "Ouvrir dans ChatGPT",
      "Connecter à Cursor",
      'Dernière modification le <time datetime="2025-05-06T07:08:09.000Z">6 mai 2025</time>',
      '<span class="nav-tag-pill-text">Obsolète</span>',
    ])
      expect(html).toContain(text);
  });

  it("gives the 404 page of a French-first site its French strings", () => {
    const site = siteOf(
      {
        navigation: {
          languages: [
            { language: "fr", default: true, groups: [{ group: "A", pages: ["fr/index"] }] },
            { language: "en", groups: [{ group: "B", pages: ["index"] }] },
          ],
        },
      },
      [meta("fr/index"), meta("index")],
    );
    const html = renderNotFoundPage(site);
    expect(html).toMatch(/<html lang="fr" /);
    expect(html).toContain("Page introuvable");
    expect(html).toContain("Aller à Site");
  });
});
