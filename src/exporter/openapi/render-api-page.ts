import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { loadCodeLanguages } from "../code/languages.ts";
import type { PageContext } from "../mdx/page-context.ts";
import type { AppendedContent } from "../mdx/rendered-page.ts";
import type { ApiPageRef } from "../site/page-index.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { ApiSettings } from "../site/types.ts";
import { operationMarkdown } from "./operation-markdown.ts";
import { type ApiOperation, findOperation, listOperations } from "./operations.ts";
import { type PlaygroundMode, renderOperation } from "./render-operation.ts";
import { operationModel } from "./request-model.ts";
import { loadSpecText } from "./spec-loader.ts";
import { MAX_SPEC_BYTES, type OpenApiDocument } from "./types.ts";

/** What every API reference page of an export shares; plain data, so it crosses to render threads. */
export interface ApiRenderSetup {
  settings: ApiSettings;
  /** The playground as this export shows it (the deployment type's rule already applied). */
  playground: PlaygroundMode;
  /** Whether a page may turn the playground on itself (frontmatter `playground`): not in an air-gapped export that has not. */
  allowInteractive: boolean;
  /** Specifications fetched from URLs at export time, by URL: render threads never fetch. */
  remoteSpecs: Record<string, string>;
}

interface ThreadSpec {
  document: OpenApiDocument;
  operations: ApiOperation[];
}

/**
 * Specifications loaded in this thread, by file and version (path, size and modification
 * time; a URL's text by its hash): each is parsed once however many pages use it, and a
 * long-running worker that exports again after a change never sees the old one.
 */
const loaded = new Map<string, ThreadSpec>();
const MAX_LOADED = 16;

/**
 * The `append` step of an API reference page's render: the operation's reference after
 * whatever the page itself says. The specification was checked by the export before any
 * page renders, so a problem here is only reported, never fatal.
 */
export function appendOperation(
  api: ApiPageRef,
  setup: ApiRenderSetup,
  repo: RepoFiles,
  shownDescription: string | undefined,
  pagePlayground?: PlaygroundMode,
): (context: PageContext) => Promise<AppendedContent> {
  return async (context) => {
    const spec = threadSpec(api.spec, setup, repo);
    const operation =
      spec && findOperation(spec.operations, { method: api.method as never, path: api.path });
    const dependencies = /^https?:\/\//i.test(api.spec) ? [] : [api.spec];
    if (!spec || !operation) {
      context.warn(
        `the operation ${api.method.toUpperCase()} ${api.path} is not in "${api.spec}"`,
        undefined,
        "openapi-endpoint",
      );
      return { nodes: [], markdown: "", dependencies };
    }
    const model = operationModel(operation, spec.document);
    await loadCodeLanguages([
      "bash",
      "javascript",
      "typescript",
      "python",
      "go",
      "json",
      ...(setup.settings.examples.languages ?? []),
    ]);
    const { nodes, samples } = renderOperation({
      operation,
      model,
      context,
      settings: setup.settings,
      playground: pagePlaygroundMode(setup, pagePlayground),
      shownDescription,
    });
    return { nodes, markdown: operationMarkdown(operation, model, samples), dependencies };
  };
}

function threadSpec(
  source: string,
  setup: ApiRenderSetup,
  repo: RepoFiles,
): ThreadSpec | undefined {
  const remote = setup.remoteSpecs[source];
  let key: string;
  try {
    const stats = remote === undefined ? statSync(repo.resolve(source)) : undefined;
    key = stats
      ? `${repo.resolve(source)}\0${stats.size}\0${stats.mtimeMs}`
      : `${source}\0${createHash("sha256")
          .update(remote ?? "")
          .digest("hex")}`;
  } catch {
    return undefined;
  }
  const known = loaded.get(key);
  if (known) return known;
  let text = remote;
  if (text === undefined) {
    try {
      text = repo.readText(source, MAX_SPEC_BYTES);
    } catch {
      return undefined;
    }
  }
  const spec = loadSpecText(source, text);
  if (spec.problems.some((problem) => problem.severity === "error")) return undefined;
  const result = { document: spec.document, operations: listOperations(spec.document, source) };
  if (loaded.size >= MAX_LOADED) loaded.delete(loaded.keys().next().value as string);
  loaded.set(key, result);
  return result;
}

/** A page's own `playground` frontmatter wins, except that it cannot turn one on where the export may not. */
export function pagePlaygroundMode(
  setup: ApiRenderSetup,
  page: PlaygroundMode | undefined,
): PlaygroundMode {
  const wanted = page ?? setup.playground;
  return wanted === "interactive" && !setup.allowInteractive ? "simple" : wanted;
}
