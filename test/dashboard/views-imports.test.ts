import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const VIEWS = "src/dashboard/views";

describe("the dashboard's views", () => {
  it("are typed with view models of their own: no database row, service or exporter type", () => {
    const reaching: string[] = [];
    for (const file of readdirSync(VIEWS).filter((name) => name.endsWith(".ts"))) {
      const text = readFileSync(path.join(VIEWS, file), "utf8");
      for (const [, specifier] of text.matchAll(/from\s+"([^"]+)"/g))
        if (/\/(db|services|exporter|storage|jobs)\//.test(specifier as string))
          reaching.push(`${file} imports ${specifier}`);
    }
    expect(reaching).toEqual([]);
  });
});
