import { transform } from "esbuild";
import { rewriteTsSpecifiers } from "./specifiers.ts";

/**
 * One TypeScript module as the JavaScript Node would run from it: types erased and nothing else
 * changed (no downlevelling, every import kept as written, as Node's own type stripping does),
 * then its relative `.ts` specifiers renamed to the `.js` files the build writes.
 */
export async function transpileModule(source: string, file: string): Promise<string> {
  const result = await transform(source, {
    loader: "ts",
    format: "esm",
    target: "esnext",
    sourcefile: file,
    tsconfigRaw: {
      compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true },
    },
  });
  return rewriteTsSpecifiers(result.code, file);
}
