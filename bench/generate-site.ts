/**
 * Writes a deterministic documentation site of N pages as a Mintlify-format repository for
 * Quire, as the same Markdown for VitePress and, when asked, as a Starlight project, so every
 * tool builds the same amount of text and code.
 * Usage: node bench/generate-site.ts OUT_DIR [PAGES] [tabs|one-sidebar|one-group] [STARLIGHT_DIR]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Mulberry32: a tiny seeded generator, so the corpus is identical on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "schedule job run attempt retry queue worker lease webhook timezone cron interval payload header request response status latency timeout backoff jitter endpoint token secret dashboard project organization deploy release version region cluster metric alert incident window policy limit quota batch stream event handler callback signature".split(
    " ",
  );
const LANGUAGES = ["js", "ts", "python", "bash", "json", "yaml"] as const;

export interface GeneratedSite {
  quireDir: string;
  vitepressDir: string;
  /** The Starlight project's folder, when one was asked for. */
  starlightDir?: string;
  pages: number;
}

/**
 * How the pages are arranged: `tabs` (25 pages a group, 10 groups a tab), `one-sidebar` (100
 * pages a group, every group in one sidebar, as a large OpenAPI reference is) or `one-group`
 * (every page in a single group, as an OpenAPI reference without tags is).
 */
export type SiteShape = "tabs" | "one-sidebar" | "one-group";
const SHAPES: readonly SiteShape[] = ["tabs", "one-sidebar", "one-group"];

export function generateSite(
  outDir: string,
  pageCount = 5000,
  seed = 42,
  shape: SiteShape = "tabs",
  /**
   * Where to write the Starlight project: it must sit under bench/starlight so Astro resolves
   * astro and @astrojs/starlight from there; left out, no Starlight variant is written.
   */
  starlightDir?: string,
): GeneratedSite {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sentence = (words = 12): string => {
    const list = Array.from({ length: words }, () => pick(WORDS));
    const text = list.join(" ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (): string =>
    Array.from({ length: 3 + Math.floor(next() * 3) }, () =>
      sentence(8 + Math.floor(next() * 10)),
    ).join(" ");
  const code = (language: (typeof LANGUAGES)[number], index: number): string => {
    switch (language) {
      case "js":
        return `import { Client } from "@lumen/client";\nconst client = new Client(process.env.KEY);\nconst job${index} = await client.jobs.create({ name: "job-${index}", cron: "*/5 * * * *" });\nconsole.log(job${index}.id);`;
      case "ts":
        return `interface Job${index} {\n  id: string;\n  attempts: number;\n}\nexport function retry(job: Job${index}): boolean {\n  return job.attempts < ${(index % 7) + 2};\n}`;
      case "python":
        return `from lumen import Client\n\nclient = Client(api_key="key")\nfor job in client.jobs.list(limit=${(index % 50) + 10}):\n    print(job.id, job.status)`;
      case "bash":
        return `curl -X POST https://api.example.com/v2/jobs \\\n  -H "Authorization: Bearer $KEY" \\\n  -d '{"name": "job-${index}"}'`;
      case "json":
        return `{\n  "id": "job_${index}",\n  "cron": "0 ${index % 24} * * *",\n  "retries": { "max_attempts": ${(index % 5) + 1} }\n}`;
      case "yaml":
        return `jobs:\n  - name: job-${index}\n    cron: "0 ${index % 24} * * *"\n    timezone: Europe/Paris`;
    }
  };

  const quireDir = path.join(outDir, "quire");
  const vitepressDir = path.join(outDir, "vitepress");
  rmSync(outDir, { recursive: true, force: true });
  if (starlightDir) rmSync(starlightDir, { recursive: true, force: true });
  // 25 pages a group, 10 groups a tab: a large but realistic site (a 250-entry sidebar per tab).
  // Pages still sit in folders of 100 in one group: only docs.json differs.
  const perGroup = shape === "tabs" ? 25 : 100;
  const groupsPerTab = shape === "tabs" ? 10 : Number.MAX_SAFE_INTEGER;
  const tabs: { tab: string; groups: { group: string; pages: string[] }[] }[] = [];
  const sidebar: Record<string, { text: string; items: { text: string; link: string }[] }[]> = {};
  const pages: string[] = [];
  for (let index = 0; index < pageCount; index++) {
    const tabIndex = Math.floor(index / (perGroup * groupsPerTab));
    const groupIndex = Math.floor(index / perGroup) % groupsPerTab;
    const pagePath = `section-${tabIndex}/group-${groupIndex}/page-${index}`;
    pages.push(pagePath);
    if (!tabs[tabIndex]) tabs[tabIndex] = { tab: `Section ${tabIndex + 1}`, groups: [] };
    const tab = tabs[tabIndex];
    if (!tab.groups[groupIndex])
      tab.groups[groupIndex] = { group: `Group ${groupIndex + 1}`, pages: [] };
    tab.groups[groupIndex]?.pages.push(pagePath);
  }

  const write = (file: string, content: string): void => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  for (const [index, pagePath] of pages.entries()) {
    const title = `${pick(WORDS)} ${pick(WORDS)} ${index}`.replace(/^./, (letter) =>
      letter.toUpperCase(),
    );
    const other = pages[(index * 7 + 13) % pages.length] as string;
    const first = pick(LANGUAGES);
    const second = pick(LANGUAGES);
    const mdx: string[] = [
      `---\ntitle: ${title}\ndescription: ${sentence(10)}\n---\n`,
      paragraph(),
      `\nSee [a related page](/${other}).\n`,
      `<Note>${sentence()}</Note>\n`,
      "## Overview\n",
      paragraph(),
      `\n- ${sentence(6)}\n- ${sentence(6)}\n- ${sentence(6)}\n`,
      `\`\`\`${first} example.${first}\n${code(first, index)}\n\`\`\`\n`,
      "## Configuration\n",
      "| Field | Type | Default |\n| --- | --- | --- |\n| name | string | none |\n| cron | string | `* * * * *` |\n| retries | integer | 3 |\n",
      `<ParamField body="name" type="string" required>\n${sentence()}\n</ParamField>\n`,
      "### Steps\n",
      `<Steps>\n<Step title="Prepare">${sentence()}</Step>\n<Step title="Run">${sentence()}</Step>\n</Steps>\n`,
      `<Tabs>\n<Tab title="First">${sentence()}</Tab>\n<Tab title="Second">${sentence()}</Tab>\n</Tabs>\n`,
      `<CardGroup cols={2}>\n<Card title="${pick(WORDS)}" icon="rocket" href="/${other}">${sentence(6)}</Card>\n<Card title="${pick(WORDS)}" icon="book">${sentence(6)}</Card>\n</CardGroup>\n`,
      "## Details\n",
      paragraph(),
      `\n<Warning>${sentence()}</Warning>\n`,
      `<Accordion title="${sentence(4)}">${paragraph()}</Accordion>\n`,
      `\`\`\`${second}\n${code(second, index + 1)}\n\`\`\`\n`,
    ];
    write(path.join(quireDir, `${pagePath}.mdx`), mdx.join("\n"));

    const markdown = mdx
      .join("\n")
      .replace(
        /^---\ntitle: (.*)\ndescription: (.*)\n---\n/,
        "---\ntitle: $1\ndescription: $2\n---\n\n# $1\n",
      )
      .replace(/\[a related page\]\(\/(.*?)\)/, "[a related page](/$1)")
      .replace(/<Note>(.*?)<\/Note>/g, "::: info\n$1\n:::")
      .replace(/<Warning>(.*?)<\/Warning>/g, "::: warning\n$1\n:::")
      .replace(
        /<ParamField body="(\w+)" type="(\w+)" required>\n(.*?)\n<\/ParamField>/g,
        "**`$1`** `$2` (required)\n\n$3",
      )
      .replace(
        /<Steps>\n<Step title="(\w+)">(.*?)<\/Step>\n<Step title="(\w+)">(.*?)<\/Step>\n<\/Steps>/g,
        "1. **$1** $2\n2. **$3** $4",
      )
      .replace(
        /<Tabs>\n<Tab title="(\w+)">(.*?)<\/Tab>\n<Tab title="(\w+)">(.*?)<\/Tab>\n<\/Tabs>/g,
        "#### $1\n\n$2\n\n#### $3\n\n$4",
      )
      .replace(
        /<CardGroup cols=\{2\}>\n<Card title="(\w+)" icon="rocket" href="\/(.*?)">(.*?)<\/Card>\n<Card title="(\w+)" icon="book">(.*?)<\/Card>\n<\/CardGroup>/g,
        "- [$1](/$2): $3\n- **$4**: $5",
      )
      .replace(
        /<Accordion title="(.*?)">(.*?)<\/Accordion>/g,
        "<details><summary>$1</summary>\n\n$2\n\n</details>",
      );
    write(path.join(vitepressDir, `${pagePath}.md`), markdown);
    if (starlightDir)
      write(
        path.join(starlightDir, "src", "content", "docs", `${pagePath}.md`),
        starlightPage(mdx),
      );
  }
  write(
    path.join(quireDir, "index.mdx"),
    "---\ntitle: Generated documentation\n---\n\nA generated site for benchmarks.\n",
  );
  write(
    path.join(vitepressDir, "index.md"),
    "# Generated documentation\n\nA generated site for benchmarks.\n",
  );
  tabs[0]?.groups[0]?.pages.unshift("index");
  const navigation =
    shape === "tabs"
      ? { tabs }
      : shape === "one-sidebar"
        ? { groups: tabs[0]?.groups ?? [] }
        : {
            groups: [
              { group: "Reference", pages: tabs[0]?.groups.flatMap((group) => group.pages) ?? [] },
            ],
          };
  write(
    path.join(quireDir, "docs.json"),
    `${JSON.stringify({ name: "Generated", colors: { primary: "#2563EB" }, navigation }, null, 2)}\n`,
  );
  for (const tab of tabs) {
    const prefix = `/${(tab.groups[0]?.pages.find((page) => page !== "index") ?? "").split("/")[0]}/`;
    sidebar[prefix] = tab.groups.map((group) => ({
      text: group.group,
      items: group.pages
        .filter((page) => page !== "index")
        .map((page) => ({ text: page.split("/").pop() as string, link: `/${page}` })),
    }));
  }
  write(
    path.join(vitepressDir, ".vitepress", "config.mjs"),
    `export default ${JSON.stringify({ title: "Generated", cleanUrls: false, themeConfig: { nav: tabs.map((tab) => ({ text: tab.tab, link: `/${tab.groups[0]?.pages.find((page) => page !== "index")}` })), sidebar, search: { provider: "local" } } }, null, 2)};\n`,
  );
  if (starlightDir) writeStarlightProject(starlightDir, tabs, write);
  return {
    quireDir,
    vitepressDir,
    ...(starlightDir ? { starlightDir } : {}),
    pages: pageCount + 1,
  };
}

/**
 * A page as Starlight Markdown: the title stays in the front matter (Starlight writes the page's
 * heading), callouts become asides, the other components their nearest Markdown as for VitePress.
 */
function starlightPage(mdx: string[]): string {
  return mdx
    .join("\n")
    .replace(/<Note>(.*?)<\/Note>/g, ":::note\n$1\n:::")
    .replace(/<Warning>(.*?)<\/Warning>/g, ":::caution\n$1\n:::")
    .replace(
      /<ParamField body="(\w+)" type="(\w+)" required>\n(.*?)\n<\/ParamField>/g,
      "**`$1`** `$2` (required)\n\n$3",
    )
    .replace(
      /<Steps>\n<Step title="(\w+)">(.*?)<\/Step>\n<Step title="(\w+)">(.*?)<\/Step>\n<\/Steps>/g,
      "1. **$1** $2\n2. **$3** $4",
    )
    .replace(
      /<Tabs>\n<Tab title="(\w+)">(.*?)<\/Tab>\n<Tab title="(\w+)">(.*?)<\/Tab>\n<\/Tabs>/g,
      "#### $1\n\n$2\n\n#### $3\n\n$4",
    )
    .replace(
      /<CardGroup cols=\{2\}>\n<Card title="(\w+)" icon="rocket" href="\/(.*?)">(.*?)<\/Card>\n<Card title="(\w+)" icon="book">(.*?)<\/Card>\n<\/CardGroup>/g,
      "- [$1](/$2/): $3\n- **$4**: $5",
    )
    .replace(
      /<Accordion title="(.*?)">(.*?)<\/Accordion>/g,
      "<details><summary>$1</summary>\n\n$2\n\n</details>",
    )
    .replace(/\[a related page\]\(\/(.*?)\)/, "[a related page](/$1/)");
}

/**
 * Astro's configuration, the content collection and the home page. The sidebar is the whole
 * tree, as Quire's navigation: a collapsed group per tab holding a group per folder that
 * Starlight fills itself (`autogenerate`), so every page carries every page's link, since
 * Starlight has no tabs. Search (Pagefind) and Expressive Code stay as they come.
 */
function writeStarlightProject(
  starlightDir: string,
  tabs: { tab: string; groups: { group: string; pages: string[] }[] }[],
  write: (file: string, content: string) => void,
): void {
  const sidebar = tabs.map((tab) => ({
    label: tab.tab,
    collapsed: true,
    items: tab.groups.map((group) => ({
      label: group.group,
      collapsed: true,
      items: [
        {
          autogenerate: {
            directory: path.posix.dirname(group.pages.find((page) => page !== "index") as string),
          },
        },
      ],
    })),
  }));
  write(
    path.join(starlightDir, "astro.config.mjs"),
    `import starlight from "@astrojs/starlight";\nimport { defineConfig } from "astro/config";\n\nexport default defineConfig({\n  integrations: [starlight(${JSON.stringify({ title: "Generated", sidebar }, null, 2)})],\n});\n`,
  );
  write(
    path.join(starlightDir, "src", "content.config.mjs"),
    `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\n\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`,
  );
  write(
    path.join(starlightDir, "src", "content", "docs", "index.md"),
    "---\ntitle: Generated documentation\n---\n\nA generated site for benchmarks.\n",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [outDir, count, shape, starlightDir] = process.argv.slice(2);
  if (!outDir || (shape && !SHAPES.includes(shape as SiteShape))) {
    process.stderr.write(
      `usage: node bench/generate-site.ts OUT_DIR [PAGES] [${SHAPES.join("|")}] [STARLIGHT_DIR]\n`,
    );
    process.exit(2);
  }
  const site = generateSite(
    outDir,
    count ? Number(count) : 5000,
    42,
    (shape || "tabs") as SiteShape,
    starlightDir,
  );
  process.stdout.write(`${JSON.stringify(site)}\n`);
}
