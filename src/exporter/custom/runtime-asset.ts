import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { hashedPath } from "../theme/build-assets.ts";

/** The islands runtime as a bundle file: Preact, its hooks and compat layer, and the hydration code. */
export interface RuntimeAsset {
  path: string;
  content: string;
}

let built: Promise<RuntimeAsset> | undefined;

/**
 * Bundles client/islands.ts with Preact into one minified classic script (`_quire/islands.<hash>.js`),
 * once per process. Pages with interactive components load it; other pages never do.
 */
export function islandsRuntime(): Promise<RuntimeAsset> {
  built ??= (async () => {
    const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "client", "islands.ts");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      minify: true,
      format: "iife",
      target: ["chrome100", "firefox100", "safari15"],
      legalComments: "none",
      define: { "process.env.NODE_ENV": '"production"' },
    });
    const content = result.outputFiles[0]?.text ?? "";
    return { path: hashedPath("_quire/islands", "js", content), content };
  })();
  return built;
}
