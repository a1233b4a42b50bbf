import type { RepoEntry } from "./temp-repo.ts";

/**
 * A small site in English (the default), French and Spanish, the French and Spanish pages in
 * folders named for their language as Mintlify sites keep them. Every language's quickstart
 * holds the word "zephyr", so a search shows whether it stays within the page's language.
 */
export const BILINGUAL_SITE: Record<string, RepoEntry> = {
  "docs.json": JSON.stringify({
    name: "Lumen",
    colors: { primary: "#2563EB" },
    navigation: {
      languages: [
        {
          language: "en",
          default: true,
          groups: [{ group: "Get started", pages: ["index", "quickstart", "webhooks"] }],
        },
        {
          language: "fr",
          groups: [{ group: "Premiers pas", pages: ["fr/index", "fr/quickstart", "fr/webhooks"] }],
        },
        {
          language: "es",
          groups: [{ group: "Primeros pasos", pages: ["es/index", "es/quickstart"] }],
        },
      ],
    },
    seo: {
      metatags: { canonical: "https://docs.lumen.example" },
      organization: { legalName: "Lumen SAS", sameAs: ["https://github.com/lumen"] },
    },
    thumbnails: { background: "/images/social.png" },
  }),
  "images/social.png": "not really a png",
  "index.mdx":
    "---\ntitle: Welcome\ndescription: Lumen schedules jobs.\n---\n\nStart with the quickstart.\n",
  "quickstart.mdx":
    "---\ntitle: Quickstart\n---\n\nInstall the scheduler. The zephyr option is on.\n\n## Install\n\n```bash\nnpm install lumen\n```\n",
  "webhooks.mdx": "---\ntitle: Webhooks\n---\n\nLumen calls your endpoint.\n",
  "fr/index.mdx": "---\ntitle: Bienvenue\n---\n\nCommencez par le démarrage rapide.\n",
  "fr/quickstart.mdx":
    "---\ntitle: Démarrage rapide\n---\n\nInstallez le planificateur. L'option zephyr est active.\n\n## Installation\n\n```bash\nnpm install lumen\n```\n",
  "fr/webhooks.mdx": "---\ntitle: Webhooks\n---\n\nLumen appelle votre point de terminaison.\n",
  "es/index.mdx": "---\ntitle: Bienvenida\n---\n\nEmpiece por el inicio rápido.\n",
  "es/quickstart.mdx":
    "---\ntitle: Inicio rápido\n---\n\nInstale el planificador. La opción zephyr está activa.\n",
};
