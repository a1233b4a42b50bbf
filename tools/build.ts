/**
 * `npm run build` (and `npm pack`, through `prepack`): builds `dist/`, what the packed `quire`
 * package runs. `node tools/build.ts client` builds `client/dist/`, the `@quire/client` package.
 */
import path from "node:path";
import { buildClientPackage } from "./build/client-package.ts";
import { buildQuirePackage } from "./build/quire-package.ts";

const repository = path.resolve(import.meta.dirname, "..");
const target = process.argv[2] ?? "quire";
const builds: Record<string, (repository: string) => Promise<void>> = {
  quire: buildQuirePackage,
  client: buildClientPackage,
};

const build = builds[target];
if (!build) {
  process.stderr.write(`build: no package "${target}" (quire or client)\n`);
  process.exit(2);
}
try {
  await build(repository);
} catch (error) {
  process.stderr.write(`build: ${(error as Error).message}\n`);
  process.exit(1);
}
