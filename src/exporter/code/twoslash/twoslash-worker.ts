import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { TwoslashBlock, TwoslashReply } from "./twoslash-protocol.ts";

/**
 * The twoslash process (twoslash-thread.ts starts it): type-checks code blocks with TypeScript 5 (the compiler API twoslash
 * drives; the project's own TypeScript 7 has none). It sees only TypeScript's standard library,
 * held in memory: a block cannot read the machine's files or packages (`import`s of packages
 * do not resolve, as no repository dependencies are installed).
 */
const require = createRequire(import.meta.url);
const ts = require("typescript-twoslash") as typeof import("typescript-twoslash");
const { createTwoslasher } = await import("twoslash/core");

const libDirectory = path.dirname(require.resolve("typescript-twoslash"));
const libraries = new Map<string, string>();
for (const name of readdirSync(libDirectory))
  if (/^lib\..*\.d\.ts$/.test(name))
    libraries.set(`/${name}`, readFileSync(path.join(libDirectory, name), "utf8"));

const twoslasher = createTwoslasher({
  // twoslash's types name the `typescript` package, which here is 7: this is the 5 it drives.
  tsModule: ts as never,
  // Only these files exist for the checker: twoslash empties a block's own files after it.
  fsMap: libraries,
  vfsRoot: "/",
  tsLibDirectory: libDirectory,
});

process.on("message", (block: TwoslashBlock) => {
  let reply: TwoslashReply;
  try {
    const result = twoslasher(block.code, block.extension);
    reply = {
      id: block.id,
      ok: true,
      result: {
        code: result.code,
        nodes: result.nodes,
        meta: { extension: result.meta.extension },
      },
    };
  } catch (error) {
    reply = { id: block.id, ok: false, message: describe(error) };
  }
  process.send?.(reply);
});
// Quire ended or let it go: nothing is left to check.
process.on("disconnect", () => process.exit(0));
// The standard library is read and checked once here, so no block's time limit pays for it.
twoslasher("const warm = 1;", "ts");
process.send?.({ ready: true });

/**
 * A twoslash error on one line: its title and advice, and the first compiler error it lists
 * (the full listing can be long).
 */
function describe(error: unknown): string {
  if (error && typeof error === "object" && "title" in error) {
    const { title, description, recommendation } = error as {
      title: string;
      description?: string;
      recommendation?: string;
    };
    const first = /\[\d+\] \d+ - (.+)/.exec(recommendation ?? "")?.[1];
    const parts = [title, description, first ? `First error: ${first}` : undefined];
    return parts
      .filter(Boolean)
      .map((part) => (part as string).trim().replace(/\.$/, ""))
      .join(". ")
      .replace(/\s+/g, " ");
  }
  return error instanceof Error ? error.message : String(error);
}
