import { readFileSync } from "node:fs";
import path from "node:path";
import { writeClientApiTypes } from "./client-api-types.ts";
import { writeDeclarations } from "./declarations.ts";
import { listFiles, replaceFolder, writeFileMakingFolders } from "./files.ts";
import { transpileModule } from "./transpile.ts";

/**
 * Builds `client/dist/` for the packed `@quire/client` package (`npm pack` in client/ runs it
 * first): its API types from the server's schemas, then the JavaScript of every module of
 * `client/src/`, then their declarations. The package holds only `dist/`, so nothing of it
 * can reach outside it.
 */
export async function buildClientPackage(repository: string): Promise<void> {
  writeClientApiTypes(repository);
  const sources = path.join(repository, "client", "src");
  await replaceFolder(path.join(repository, "client", "dist"), async (dist) => {
    const modules = listFiles(sources).filter((file) => file.endsWith(".ts"));
    await Promise.all(
      modules.map(async (file) => {
        const source = path.join(sources, file);
        const javascript = await transpileModule(readFileSync(source, "utf8"), source);
        writeFileMakingFolders(path.join(dist, `${file.slice(0, -".ts".length)}.js`), javascript);
      }),
    );
    writeDeclarations({
      repository,
      entries: [path.join(sources, "index.ts")],
      rootDir: sources,
      outDir: dist,
    });
  });
}
