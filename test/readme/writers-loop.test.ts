// The README's writer's loop, run as written in a docs repository of its own: each `npx quire`
// line of the section's first shell block, in order. The two servers (`dev`, `serve`) are
// started, asked for the home page, and stopped; their ports are swapped for free ones, so the
// test never meets another program on 3000 or 8080.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runQuire, startQuire } from "../helpers/quire-cli.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The `quire` argument lists of the first shell block under the heading, comments dropped. */
function loopCommands(): string[][] {
  const section = README.split("\n## The writer's loop\n")[1]?.split("\n## ")[0] ?? "";
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line !== "")
    .map((line) => {
      expect(line).toMatch(/^npx quire /);
      return line.slice("npx quire ".length).split(/\s+/);
    });
}

const SITE = {
  "docs.json": JSON.stringify({
    name: "Loop",
    theme: "mint",
    colors: { primary: "#0F766E" },
    navigation: { pages: ["index", "guide"] },
  }),
  "index.mdx": "---\ntitle: Welcome home\n---\nRead the [guide](/guide).\n",
  "guide.mdx": "---\ntitle: The guide\n---\n## Steps\nBack [home](/).\n",
};

/** The URL a server prints when it is ready (`… open http://…/ in a browser`, or its address). */
async function servedUrl(started: ReturnType<typeof startQuire>): Promise<string> {
  for (let tries = 0; tries < 600; tries++) {
    const output = started.stderr() + started.stdout();
    const url = output.match(/http:\/\/(?:127\.0\.0\.1|localhost):\d+\/?/)?.[0];
    if (url) return url.endsWith("/") ? url : `${url}/`;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no URL printed:\n${started.stderr()}`);
}

describe("the README's writer's loop", () => {
  it(
    "previews, checks, exports and serves a docs repository, each command as written",
    {
      timeout: 240_000,
    },
    async () => {
      const docs = makeRepo(SITE);
      const commands = loopCommands();
      expect(commands.map((args) => args[0])).toEqual(["dev", "check", "export", "serve"]);
      for (const args of commands) {
        const [command] = args;
        if (command === "dev" || command === "serve") {
          const withFreePort = args.includes("--port")
            ? args.map((arg, index) => (args[index - 1] === "--port" ? "0" : arg))
            : [...args, "--port", "0"];
          const started = startQuire(withFreePort, { cwd: docs, timeoutMs: 120_000 });
          const url = await servedUrl(started);
          const home = await fetch(url).then((response) => response.text());
          expect(home).toContain("Welcome home");
          started.child.kill("SIGINT");
          expect((await started.done).code).toBe(0);
        } else {
          const run = await runQuire(args, { cwd: docs, timeoutMs: 120_000 });
          expect(run.code, `quire ${args.join(" ")}:\n${run.stdout}${run.stderr}`).toBe(0);
        }
      }
      expect(existsSync(path.join(docs, "site.tar.gz"))).toBe(true);
    },
  );
});
