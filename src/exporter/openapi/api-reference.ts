import type { Problem } from "../problems.ts";
import type { ApiPageRef, PageMeta } from "../site/page-index.ts";
import type { ApiReference, Navigation, NavNode, SiteConfig } from "../site/types.ts";
import {
  type ApiOperation,
  findOperation,
  normalizeSpecPath,
  operationPagePath,
  orderedTags,
  parseEndpointReference,
  tagGroupTitle,
} from "./operations.ts";
import type { CatalogueEntry, SpecCatalogue } from "./spec-catalogue.ts";

const DEFAULT_DIRECTORY = "api-reference";

/**
 * Turns the API reference settings of a site into pages: every navigation container with an
 * `openapi` specification and no pages of its own gets a page per operation (grouped by tag,
 * in the specification's order), every endpoint entry (`GET /users`) becomes its operation's
 * page, and every page written by hand with `openapi` frontmatter is tied to its operation.
 * Returns the navigation with only pages left in it; `pages` gains the generated pages.
 */
export async function buildApiReference(input: {
  config: SiteConfig;
  pages: Map<string, PageMeta>;
  catalogue: SpecCatalogue;
  problems: Problem[];
}): Promise<Navigation> {
  const builder = new ApiReferenceBuilder(
    input.config,
    input.pages,
    input.catalogue,
    input.problems,
  );
  const navigation = await builder.expandNavigation(input.config.navigation);
  await builder.resolveWrittenPages();
  return navigation;
}

class ApiReferenceBuilder {
  private readonly config: SiteConfig;
  private readonly pages: Map<string, PageMeta>;
  private readonly catalogue: SpecCatalogue;
  private readonly problems: Problem[];
  /** Generated page of each operation, so one listed twice links to one page. */
  private readonly pageOfOperation = new Map<ApiOperation, string>();

  constructor(
    config: SiteConfig,
    pages: Map<string, PageMeta>,
    catalogue: SpecCatalogue,
    problems: Problem[],
  ) {
    this.config = config;
    this.pages = pages;
    this.catalogue = catalogue;
    this.problems = problems;
  }

  async expandNavigation(navigation: Navigation): Promise<Navigation> {
    const inherited = navigation.openapi ?? this.config.api.openapi;
    let root = await this.expandNodes(navigation.root, inherited);
    if (navigation.openapi && !this.listsOperations(navigation.root))
      root = [...root, ...(await this.generateAll(navigation.openapi))];
    return { ...navigation, root };
  }

  private async expandNodes(
    nodes: NavNode[],
    inherited: ApiReference | undefined,
  ): Promise<NavNode[]> {
    const result: NavNode[] = [];
    for (const node of nodes) {
      if (node.type === "endpoint") {
        const pagePath = await this.endpointPage(node.reference, inherited);
        if (pagePath) result.push({ type: "page", path: pagePath });
      } else if (node.type === "division" || node.type === "group") {
        const own = node.openapi;
        let children = await this.expandNodes(node.children, own ?? inherited);
        if (own && !this.listsOperations(node.children))
          children = [...children, ...(await this.generateAll(own, node.type === "group"))];
        result.push({ ...node, children });
      } else result.push(node);
    }
    return result;
  }

  /**
   * Whether nodes already say which operations they show: an endpoint entry (`GET /users`), a
   * page written with `openapi` frontmatter, or a container with a specification of its own.
   * Otherwise a container's `openapi` adds a page for every operation after its own pages, as
   * Mintlify does for an "API reference" tab that also holds an introduction.
   */
  private listsOperations(nodes: NavNode[]): boolean {
    return nodes.some(
      (node) =>
        node.type === "endpoint" ||
        (node.type === "page" && Boolean(this.pages.get(node.path)?.openapi)) ||
        ((node.type === "group" || node.type === "division") &&
          (Boolean(node.openapi) || this.listsOperations(node.children))),
    );
  }

  /** A page per operation of the specifications, grouped by their first tag, in the specification's order. */
  private async generateAll(reference: ApiReference, insideGroup = false): Promise<NavNode[]> {
    const nodes: NavNode[] = [];
    for (const source of reference.sources) {
      const entry = await this.catalogue.get(source);
      if (!entry) continue;
      const operations = entry.operations.filter((operation) => !operation.excluded);
      const untagged = operations.filter((operation) => operation.tags.length === 0);
      const groups: NavNode[] = orderedTags(entry.spec.document, operations).map((tag) => ({
        type: "group",
        title: tagGroupTitle(entry.spec.document, tag),
        children: operations
          .filter((operation) => operation.tags[0] === tag)
          .map((operation) => this.pageNode(operation, reference.directory)),
      }));
      const loose = untagged.map((operation) => this.pageNode(operation, reference.directory));
      // A single group inside a group would only add a level; untagged pages sit beside the tag groups.
      if (insideGroup && groups.length === 1 && loose.length === 0)
        nodes.push(...(groups[0] as { children: NavNode[] }).children);
      else nodes.push(...groups, ...loose);
    }
    return nodes;
  }

  private pageNode(operation: ApiOperation, directory: string | undefined): NavNode {
    return { type: "page", path: this.generatedPage(operation, directory) };
  }

  /** The page of an endpoint entry, generated if needed; undefined (with a warning) when no specification has it. */
  private async endpointPage(
    text: string,
    inherited: ApiReference | undefined,
  ): Promise<string | undefined> {
    const reference = parseEndpointReference(text);
    if (!reference) return undefined;
    const sources = reference.spec ? [reference.spec] : this.defaultSources(inherited);
    for (const source of sources) {
      const entry = await this.catalogue.get(source);
      const operation = entry && findOperation(entry.operations, reference);
      if (operation) return this.generatedPage(operation, inherited?.directory);
    }
    this.problems.push({
      severity: "warning",
      rule: "openapi-endpoint",
      file: this.config.sourceFile,
      message: `navigation entry "${text}": ${sources.length === 0 ? "no OpenAPI specification is named for it (set openapi on the group, tab or api.openapi)" : `no operation ${reference.method.toUpperCase()} ${reference.path} in ${sources.map((source) => `"${source}"`).join(", ")}`}; it is left out`,
    });
    return undefined;
  }

  /** Specifications to look an operation up in: the container's, else api.openapi, else every one in the repository. */
  private defaultSources(inherited: ApiReference | undefined): string[] {
    return inherited?.sources ?? this.config.api.openapi?.sources ?? this.catalogue.discover();
  }

  private generatedPage(operation: ApiOperation, directory: string | undefined): string {
    const known = this.pageOfOperation.get(operation);
    if (known) return known;
    const base = operationPagePath(operation, directory ?? DEFAULT_DIRECTORY);
    let pagePath = base;
    for (let index = 2; this.pages.has(pagePath); index++) pagePath = `${base}-${index}`;
    this.pages.set(pagePath, generatedPageMeta(pagePath, operation));
    this.pageOfOperation.set(operation, pagePath);
    return pagePath;
  }

  /** Pages written by hand with `openapi` frontmatter: each tied to its operation, or warned about. */
  async resolveWrittenPages(): Promise<void> {
    for (const page of this.pages.values()) {
      if (!page.openapi || page.api) continue;
      const reference = parseEndpointReference(page.openapi);
      if (!reference) {
        this.problems.push({
          severity: "warning",
          rule: "openapi-endpoint",
          file: page.file,
          line: 1,
          message: `frontmatter openapi "${page.openapi}" should read "[file] METHOD /path" (or "[file] webhook name"); the page shows no API reference`,
        });
        continue;
      }
      const named = this.catalogue.sourceForPage(reference, page.file);
      // A page naming a file that is not there is that page's problem, not the whole site's.
      if (named && this.catalogue.isMissingFile(named)) {
        this.problems.push({
          severity: "warning",
          rule: "openapi-endpoint",
          file: page.file,
          line: 1,
          message: `frontmatter openapi "${page.openapi}": the repository has no file "${named}"; the page shows no API reference`,
        });
        continue;
      }
      const sources = named
        ? [named]
        : [...new Set([...this.defaultSources(undefined), ...this.catalogue.discover()])];
      let found: { entry: CatalogueEntry; operation: ApiOperation } | undefined;
      for (const source of sources) {
        const entry = await this.catalogue.get(source);
        const operation = entry && findOperation(entry.operations, reference);
        if (entry && operation) {
          found = { entry, operation };
          break;
        }
      }
      if (!found) {
        this.problems.push({
          severity: "warning",
          rule: "openapi-endpoint",
          file: page.file,
          line: 1,
          message: `frontmatter openapi "${page.openapi}": ${sources.length === 0 ? "no OpenAPI specification in the repository" : `no operation ${reference.method.toUpperCase()} ${reference.path} in ${sources.map((source) => `"${source}"`).join(", ")}`}; the page shows no API reference`,
        });
        continue;
      }
      const { operation } = found;
      page.api = apiRef(operation);
      if (page.untitled) page.title = operation.title;
      if (!page.description) {
        const description = shortDescription(operation.operation.description);
        if (description) page.description = description;
      }
    }
  }
}

function apiRef(operation: ApiOperation): ApiPageRef {
  return {
    spec: normalizeSpecPath(operation.source),
    method: operation.kind === "webhook" ? "webhook" : operation.method,
    path: operation.path,
  };
}

/** The metadata of a generated page: title from the summary, `x-mint.metadata` over everything. */
function generatedPageMeta(pagePath: string, operation: ApiOperation): PageMeta {
  const mint = operation.operation["x-mint"];
  const metadata =
    mint && typeof mint === "object"
      ? ((mint as Record<string, unknown>).metadata as Record<string, unknown> | undefined)
      : undefined;
  const text = (key: string): string | undefined =>
    typeof metadata?.[key] === "string" ? (metadata[key] as string) : undefined;
  const description = text("description") ?? shortDescription(operation.operation.description);
  const tag = text("tag");
  return {
    path: pagePath,
    file: normalizeSpecPath(operation.source),
    title: text("title") ?? operation.title,
    ...(text("sidebarTitle") ? { sidebarTitle: text("sidebarTitle") } : {}),
    ...(description ? { description } : {}),
    ...(tag ? { tag } : operation.deprecated ? { deprecatedTag: true } : {}),
    hidden: operation.hidden || metadata?.hidden === true,
    noindex: metadata?.noindex === true,
    keywords: [],
    api: apiRef(operation),
  };
}

/** A description short enough for the page header and meta tags: its first paragraph, as plain text. */
function shortDescription(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const first =
    value
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, " ")
      .trim() ?? "";
  if (!first || first.length > 300 || /[<`|#*[\]]/.test(first)) return undefined;
  return first;
}
