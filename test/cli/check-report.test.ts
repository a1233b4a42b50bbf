import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFails, checkSummary, formatCheckReport } from "../../src/cli/check-report.ts";
import type { Problem } from "../../src/exporter/index.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const warning = (file: string, message: string, line?: number): Problem => ({
  severity: "warning",
  rule: "broken-link",
  file,
  ...(line ? { line, column: 2 } : {}),
  message,
});

describe("the report of quire check", () => {
  it("escapes what would end a GitHub workflow command early, in the message and in the file name", () => {
    const root = makeTempDir();
    mkdirSync(path.join(root, ".git"));
    const report = formatCheckReport(
      {
        docsDir: path.join(root, "docs"),
        problems: [warning("a,b:c.mdx", "100% broken\nsecond line", 3)],
        pageCount: 1,
        strict: false,
      },
      "github",
    );
    expect(report.split("\n")[0]).toBe(
      "::warning file=docs/a%2Cb%3Ac.mdx,line=3,col=2,title=quire broken-link::100%25 broken%0Asecond line",
    );
  });

  it("counts errors, warnings and files in its summary, in the singular where it is one", () => {
    const outcome = {
      docsDir: "docs",
      problems: [warning("a.mdx", "x"), warning("a.mdx", "y"), warning("b.mdx", "z")],
      pageCount: 2,
      strict: false,
    };
    expect(checkSummary(outcome)).toBe("0 errors, 3 warnings in 2 files");
    expect(checkFails(outcome)).toBe(false);
    expect(checkFails({ ...outcome, strict: true })).toBe(true);
    expect(checkSummary({ ...outcome, problems: [warning("a.mdx", "x")] })).toBe(
      "0 errors, 1 warning in 1 file",
    );
    expect(checkSummary({ ...outcome, problems: [] })).toBe("No problems in 2 pages (docs)");
  });
});
