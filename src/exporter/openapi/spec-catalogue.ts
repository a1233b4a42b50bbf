import path from "node:path";
import type { ExportFetcher } from "../net/index.ts";
import type { Problem } from "../problems.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import { fetchSpecText } from "./fetch-spec-text.ts";
import {
  type ApiOperation,
  type EndpointReference,
  listOperations,
  normalizeSpecPath,
} from "./operations.ts";
import { serversOf } from "./request-model.ts";
import { type LoadedSpec, loadSpecText, validateSpecText } from "./spec-loader.ts";
import { MAX_SPEC_BYTES } from "./types.ts";

/** A loaded specification with its operations listed once. */
export interface CatalogueEntry {
  spec: LoadedSpec;
  operations: ApiOperation[];
  /** The text it was read from (kept for URLs, so render threads need not fetch again). */
  text: string;
}

/**
 * The specifications of one export, each read, validated and loaded once (in the main
 * thread), by repository path or URL. A URL is fetched only here, at export time, through the
 * export's fetcher (which fetches nothing in an air-gapped export and only from public hosts
 * unless the operator allows others). Every problem goes to the export's list, naming the file.
 */
export class SpecCatalogue {
  private readonly repo: RepoFiles;
  private readonly files: string[];
  private readonly fetcher: ExportFetcher;
  private readonly problems: Problem[];
  private readonly entries = new Map<string, Promise<CatalogueEntry | undefined>>();
  private discovered?: string[];

  constructor(repo: RepoFiles, files: string[], fetcher: ExportFetcher, problems: Problem[]) {
    this.repo = repo;
    this.files = files;
    this.fetcher = fetcher;
    this.problems = problems;
  }

  /** The specification at a repository path or URL; undefined (with the problem reported) when it cannot be read. */
  get(source: string): Promise<CatalogueEntry | undefined> {
    const key = this.resolve(normalizeSpecPath(source));
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.load(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Whether a source names a repository file that is not there (a URL is never missing here). */
  isMissingFile(source: string): boolean {
    const key = this.resolve(normalizeSpecPath(source));
    return !/^https?:\/\//i.test(key) && !this.repo.exists(key);
  }

  /**
   * The specification a page's frontmatter names, if it names one: one written from the current
   * folder (`openapi: ../v2.json GET /users`) is read from the page's folder when a file is
   * there, as Mintlify reads it; otherwise, and for any other path, as written.
   */
  sourceForPage(reference: EndpointReference, pageFile: string): string | undefined {
    const { spec } = reference;
    if (spec === undefined || !reference.specBesidePage) return spec;
    const beside = path.posix.normalize(path.posix.join(path.posix.dirname(pageFile), spec));
    return !beside.startsWith("../") && this.repo.exists(beside) ? beside : spec;
  }

  /**
   * A repository path as written, or, when no file has it, the one specification file it names
   * without its extension (`openapi: "v2 GET /users"` for `v2.yaml` or `api/v2.json`), as
   * Mintlify reads it.
   */
  private resolve(key: string): string {
    if (/^https?:\/\//i.test(key) || this.repo.exists(key)) return key;
    const withoutExtension = (file: string) => file.replace(/\.(json|ya?ml)$/i, "");
    const byPath = this.discover().filter((file) => withoutExtension(file) === key);
    if (byPath.length === 1) return byPath[0] as string;
    const byName = this.discover().filter(
      (file) => withoutExtension(file).split("/").pop() === key,
    );
    return byName.length === 1 ? (byName[0] as string) : key;
  }

  /** The URLs fetched and their text, for the render threads. */
  async remoteTexts(): Promise<Record<string, string>> {
    const texts: Record<string, string> = {};
    for (const [key, entry] of this.entries) {
      const loaded = await entry;
      if (loaded && /^https?:\/\//i.test(key)) texts[key] = loaded.text;
    }
    return texts;
  }

  /**
   * The URL of every server an operation of the loaded specifications uses (variables at their
   * defaults): what a playground on these pages may call.
   */
  async serverUrls(): Promise<string[]> {
    const urls = new Set<string>();
    for (const entry of this.entries.values()) {
      const loaded = await entry;
      if (!loaded) continue;
      for (const operation of loaded.operations)
        for (const server of serversOf(operation, loaded.spec.document)) urls.add(server.url);
    }
    return [...urls];
  }

  /** Repository files of the specifications that loaded: published in the bundle at their path. */
  loadedFiles(): string[] {
    return [...this.entries.keys()].filter(
      (key) => !/^https?:\/\//i.test(key) && this.repo.exists(key),
    );
  }

  /**
   * Every specification file in the repository, in alphabetical order: the files a page's
   * `openapi: GET /x` without a file name is looked up in, as Mintlify does.
   */
  discover(): string[] {
    this.discovered ??= this.files
      .filter(
        (file) =>
          /\.(json|ya?ml)$/i.test(file) &&
          !/(^|\/)(docs|mint|package(-lock)?|tsconfig|vercel|netlify)\.json$/i.test(file) &&
          this.looksLikeSpec(file),
      )
      .sort();
    return this.discovered;
  }

  private looksLikeSpec(file: string): boolean {
    try {
      const head = this.repo.readBytes(file, MAX_SPEC_BYTES).subarray(0, 4096).toString("utf8");
      return /(^|[{,\s])["']?(openapi|swagger)["']?\s*:/m.test(head);
    } catch {
      return false;
    }
  }

  private async load(source: string): Promise<CatalogueEntry | undefined> {
    const text = /^https?:\/\//i.test(source)
      ? await this.fetchText(source)
      : this.readText(source);
    if (text === undefined) return undefined;
    const spec = loadSpecText(source, text);
    this.problems.push(...spec.problems, ...(await validateSpecText(source, text)));
    if (spec.problems.some((problem) => problem.severity === "error")) return undefined;
    return { spec, operations: listOperations(spec.document, source), text };
  }

  private readText(file: string): string | undefined {
    if (!this.repo.exists(file)) {
      this.problems.push({
        severity: "error",
        rule: "openapi",
        file,
        message: "the OpenAPI specification named in the configuration or a page does not exist",
      });
      return undefined;
    }
    try {
      return this.repo.readText(file, MAX_SPEC_BYTES);
    } catch (error) {
      if (!(error instanceof RepoFileError)) throw error;
      this.problems.push({ severity: "error", rule: "openapi", file, message: error.message });
      return undefined;
    }
  }

  private fetchText(url: string): Promise<string | undefined> {
    return fetchSpecText(
      this.fetcher,
      url,
      { rule: "openapi", noun: "OpenAPI specification" },
      this.problems,
      this.repo,
    );
  }
}
