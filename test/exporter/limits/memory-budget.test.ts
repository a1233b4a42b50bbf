import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

describe("a render thread past its memory budget", () => {
  it("fails the export with the budget in its message, not the process", async () => {
    const docs = makeRepo({
      "docs.json": JSON.stringify({
        name: "Acme",
        colors: { primary: "#0a7" },
        navigation: { pages: ["heavy"] },
      }),
      // 90,000 images: over a gigabyte of syntax tree while the page is parsed.
      "heavy.mdx": `---\ntitle: Heavy\n---\n\n${"![](missing.png) ".repeat(90_000)}\n`,
    });
    const failure = await exportSite({
      sourceDir: docs,
      outputDir: makeTempDir(),
      concurrency: 1,
      memoryLimitMb: 128,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportFailedError);
    expect((failure as ExportFailedError).message).toBe(
      "the export ran out of its memory budget of 128 MB",
    );
  });
});
