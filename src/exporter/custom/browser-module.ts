import { createHash } from "node:crypto";
import type { BrowserModule } from "../mdx/custom-components.ts";
import type { CompiledModule } from "./compile.ts";
import { AMBIENT_NAMES, ISLAND_REGISTRY } from "./island-contract.ts";

export const BROWSER_MODULE_FOLDER = "_quire/components";

/**
 * Wraps a module compiled for the sandbox (CommonJS-shaped, JSX as `h` calls) for the browser.
 * The same compiled code runs in both; here the names a component uses without an import
 * arrive as parameters, so nothing is defined on the page's global object but the registry.
 * A classic script, not an ES module: it loads from file:// too.
 */
export function browserModule(module: CompiledModule): BrowserModule {
  const requires = JSON.stringify(module.requires);
  const key = createHash("sha256")
    .update(requires)
    .update("\0")
    .update(module.code)
    .digest("hex")
    .slice(0, 16);
  const parameters = ["exports", "require", "module", ...AMBIENT_NAMES].join(",");
  const script = `${ISLAND_REGISTRY}.define(${JSON.stringify(key)},${requires},function(${parameters}){"use strict";\n${module.code}\n});\n`;
  return { key, path: `${BROWSER_MODULE_FOLDER}/${key}.js`, script };
}
