import type { ExportFetcher } from "../net/index.ts";
import { fetchSpecText } from "../openapi/fetch-spec-text.ts";
import { normalizeSpecPath } from "../openapi/operations.ts";
import { MAX_SPEC_BYTES } from "../openapi/types.ts";
import type { Problem } from "../problems.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import { loadAsyncApiText } from "./load-document.ts";
import type { ChannelDoc } from "./types.ts";

/**
 * The AsyncAPI documents of one export, each read and parsed once (in the main thread), by
 * repository path or URL. A URL is fetched only through the export's fetcher. Every problem
 * goes to the export's list, naming the document.
 */
export class AsyncApiCatalogue {
  private readonly repo: RepoFiles;
  private readonly fetcher: ExportFetcher;
  private readonly problems: Problem[];
  private readonly documents = new Map<string, Promise<ChannelDoc[] | undefined>>();
  private readonly referencedFiles = new Set<string>();

  constructor(repo: RepoFiles, fetcher: ExportFetcher, problems: Problem[]) {
    this.repo = repo;
    this.fetcher = fetcher;
    this.problems = problems;
  }

  /** The channels of the document at a repository path or URL; undefined (the problem reported) when it cannot be read. */
  get(source: string): Promise<ChannelDoc[] | undefined> {
    const key = normalizeSpecPath(source);
    let channels = this.documents.get(key);
    if (!channels) {
      channels = this.load(key);
      this.documents.set(key, channels);
    }
    return channels;
  }

  /** Whether a source names a repository file that is not there (a URL is never missing here). */
  isMissingFile(source: string): boolean {
    const key = normalizeSpecPath(source);
    return !/^https?:\/\//i.test(key) && !this.repo.exists(key);
  }

  /** Repository files of the documents that loaded, and the files their references read. */
  loadedFiles(): string[] {
    const documents = [...this.documents.keys()].filter(
      (key) => !/^https?:\/\//i.test(key) && this.repo.exists(key),
    );
    return [...new Set([...documents, ...this.referencedFiles])];
  }

  private async load(source: string): Promise<ChannelDoc[] | undefined> {
    const text = /^https?:\/\//i.test(source)
      ? await this.fetchText(source)
      : this.readText(source);
    if (text === undefined) return undefined;
    const loaded = await loadAsyncApiText({
      source,
      text,
      repo: this.repo,
      fetcher: this.fetcher,
    });
    this.problems.push(...loaded.problems);
    for (const file of loaded.referencedFiles) this.referencedFiles.add(file);
    if (loaded.problems.some((problem) => problem.severity === "error")) return undefined;
    return loaded.channels;
  }

  private readText(file: string): string | undefined {
    try {
      return this.repo.readText(file, MAX_SPEC_BYTES);
    } catch (error) {
      if (!(error instanceof RepoFileError)) throw error;
      this.problems.push({
        severity: "error",
        rule: "asyncapi",
        file,
        message: this.repo.exists(file)
          ? error.message
          : "the AsyncAPI document named in the configuration or a page does not exist",
      });
      return undefined;
    }
  }

  private fetchText(url: string): Promise<string | undefined> {
    return fetchSpecText(
      this.fetcher,
      url,
      { rule: "asyncapi", noun: "AsyncAPI document" },
      this.problems,
      this.repo,
    );
  }
}
