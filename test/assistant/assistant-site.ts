import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ExportOptions } from "../../src/exporter/export-options.ts";
import { exportSite } from "../../src/exporter/export-site.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

/** A small documentation site whose pages each answer a different question. */
export const ASSISTANT_SITE_FILES: Record<string, string> = {
  "docs.json": JSON.stringify({
    name: "Lumen",
    colors: { primary: "#0a7" },
    navigation: {
      groups: [
        { group: "Start", pages: ["index"] },
        { group: "Guides", pages: ["guides/retries", "guides/schedules", "guides/webhooks"] },
      ],
    },
  }),
  "index.mdx": `---
title: Lumen
description: Scheduled jobs that run on time.
---

Lumen runs your scheduled jobs. Read the guides to learn more.
`,
  "guides/retries.mdx": `---
title: Retries
description: What happens when a job fails.
---

When an attempt of a job fails, Lumen waits and tries again.

## Back-off

The wait doubles after each failed attempt, starting at ten seconds.

## Attempt limit

After five failed attempts the job is marked as failed and kept for a week.
`,
  "guides/schedules.mdx": `---
title: Schedules
description: When jobs run.
---

A schedule is written as a cron expression, such as \`0 9 * * 1\` for Mondays at nine.

## Time zones

Schedules follow the time zone named in the job, daylight saving time included.
`,
  "guides/webhooks.mdx": `---
title: Webhooks
description: Notifications sent to your server.
---

Lumen sends a signed POST request to your webhook URL when a job finishes.

## Signatures

Check the \`Lumen-Signature\` header with your signing secret before trusting a webhook.
`,
};

/**
 * The site exported into `outputDir` (created), with the export's options. Its source lives
 * in a folder of its own, removed once the export is written.
 */
export async function exportAssistantSite(
  outputDir: string,
  options: Partial<ExportOptions> = {},
): Promise<string> {
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-assistant-source-"));
  try {
    writeRepoFiles(path.join(work, "source"), ASSISTANT_SITE_FILES);
    await exportSite({ sourceDir: path.join(work, "source"), outputDir, ...options });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return outputDir;
}
