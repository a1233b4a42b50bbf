import { createHash } from "node:crypto";
import path from "node:path";
import { type Diagnostic, DiagnosticSeverity, Parser } from "@asyncapi/parser";
import type { ExportFetcher } from "../net/index.ts";
import { escapePointer, parseSpecSyntax } from "../openapi/spec-loader.ts";
import type { Schema } from "../openapi/types.ts";
import type { Problem } from "../problems.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import { confinedResolvers } from "./resolvers.ts";
import type {
  ChannelDoc,
  ChannelOperation,
  ChannelParameter,
  ChannelServer,
  MessageDoc,
  MessageExample,
} from "./types.ts";

/** Findings of the parser's validation reported per document; more would bury the first. */
const MAX_FINDINGS = 20;

type ParsedDocument = NonNullable<Awaited<ReturnType<Parser["parse"]>>["document"]>;
type ParsedChannel = ReturnType<ParsedDocument["allChannels"]>["all"] extends () => (infer C)[]
  ? C
  : never;
type ParsedMessage = ReturnType<ParsedChannel["messages"]>["all"] extends () => (infer M)[]
  ? M
  : never;

export interface LoadedAsyncApi {
  /** Every channel of the document, in its order; empty when the document could not be read. */
  channels: ChannelDoc[];
  /** Repository files the document's references read (published with it). */
  referencedFiles: string[];
  problems: Problem[];
}

/**
 * Reads an AsyncAPI document (JSON or YAML, 2.x or 3.0, as `@asyncapi/parser` does) into its
 * channels. `$ref`s to other files stay inside the repository and URLs go through the export's
 * fetcher (resolvers.ts); a refused reference, or a document the parser rejects, is an error
 * naming the file and the JSON pointer of each finding, and the document gives no channels.
 */
export async function loadAsyncApiText(input: {
  /** Repository-relative path, or the URL the text came from. */
  source: string;
  text: string;
  repo: RepoFiles;
  fetcher: ExportFetcher;
}): Promise<LoadedAsyncApi> {
  const { source, text, repo } = input;
  // Syntax and version first: the parser would report these as a stack trace.
  const syntax = parseSpecSyntax(source, text);
  if ("problem" in syntax) return failedWith({ ...syntax.problem, rule: "asyncapi" });
  const version = (syntax.value as Record<string, unknown> | null)?.asyncapi;
  if (typeof version !== "string")
    return failed(source, 'is not an AsyncAPI document: it has no "asyncapi" version (a string)');
  const refusals: string[] = [];
  // Everything the channels come from, for their digest (the render cache's key).
  const digest = createHash("sha256").update(text);
  const referencedFiles = new Set<string>();
  const onRead = (read: string, file?: string): void => {
    digest.update(read);
    if (file) referencedFiles.add(file);
  };
  const resolver = { resolvers: confinedResolvers({ ...input, refusals, onRead }) };
  // Relative references resolve against the document's own place: its absolute path, or its URL.
  // (Path arithmetic, not repo.resolve: an edited file of the live preview may exist only in memory.)
  const location = /^https?:\/\//i.test(source) ? source : path.join(repo.root, source);
  let output: Awaited<ReturnType<Parser["parse"]>>;
  try {
    // Given to the parser only, not to parse(): there it would build a second rule set, with the
    // recommendations (style advice such as "info should have a contact") turned back on.
    const parser = new Parser({ ruleset: { recommended: false }, __unstable: { resolver } });
    output = await parser.parse(text, { source: location });
  } catch (error) {
    return failed(source, `could not be parsed: ${messageOf(error)}`);
  }
  if (refusals.length > 0)
    return {
      channels: [],
      referencedFiles: [],
      problems: refusals.map((refusal) => ({
        severity: "error",
        rule: "asyncapi",
        file: source,
        message: `${refusal}; the document gets no pages`,
      })),
    };
  const problems = findings(source, location, output.diagnostics, output.document === undefined);
  if (!output.document) {
    if (!problems.some((problem) => problem.severity === "error"))
      problems.push(...failed(source, "is not a valid AsyncAPI document").problems);
    // Its files are still the document's: not reported as unused besides its errors.
    return { channels: [], referencedFiles: [...referencedFiles].sort(), problems };
  }
  const documentDigest = digest.digest("hex");
  let channels: ChannelDoc[];
  try {
    channels = output.document
      .channels()
      .all()
      .map((channel) => channelDoc(source, channel, documentDigest));
  } catch (error) {
    // The parser accepted it, but its model of the document broke: the document is reported, the export goes on.
    return failed(source, `its channels could not be read: ${messageOf(error)}`);
  }
  return { channels, referencedFiles: [...referencedFiles].sort(), problems };
}

function messageOf(error: unknown): string {
  return firstLine(error instanceof Error ? error.message : String(error));
}

function failed(source: string, message: string): LoadedAsyncApi {
  return failedWith({ severity: "error", rule: "asyncapi", file: source, message });
}

function failedWith(problem: Problem): LoadedAsyncApi {
  return { channels: [], referencedFiles: [], problems: [problem] };
}

/**
 * The parser's errors (and warnings) as problems naming the file, the JSON pointer and, for the
 * document itself, the line. A rejected document's errors are errors; otherwise they are only
 * warnings, as OpenAPI validation findings are.
 */
function findings(
  source: string,
  location: string,
  diagnostics: Diagnostic[],
  rejected: boolean,
): Problem[] {
  const shown = diagnostics.filter(
    (diagnostic) =>
      diagnostic.severity === DiagnosticSeverity.Error ||
      diagnostic.severity === DiagnosticSeverity.Warning,
  );
  const problems: Problem[] = shown.slice(0, MAX_FINDINGS).map((diagnostic) => {
    const pointer = `#/${diagnostic.path.map(String).map(escapePointer).join("/")}`;
    const inDocument = !diagnostic.source || diagnostic.source === location;
    return {
      severity: rejected && diagnostic.severity === DiagnosticSeverity.Error ? "error" : "warning",
      rule: "asyncapi",
      file: source,
      ...(inDocument && diagnostic.range ? { line: diagnostic.range.start.line + 1 } : {}),
      message: `${pointer}: ${firstLine(diagnostic.message)}${inDocument || !diagnostic.source ? "" : ` (in ${diagnostic.source})`}`,
    };
  });
  if (shown.length > MAX_FINDINGS)
    problems.push({
      severity: "warning",
      rule: "asyncapi",
      file: source,
      message: `and ${shown.length - MAX_FINDINGS} more findings`,
    });
  return problems;
}

function channelDoc(spec: string, channel: ParsedChannel, documentDigest: string): ChannelDoc {
  const address = channel.address() ?? undefined;
  const operations: ChannelOperation[] = channel
    .operations()
    .all()
    .map((operation) => ({
      id: operation.id() ?? "",
      action: operation.isSend() ? "send" : "receive",
      ...optionalText(operation),
      messages: operation
        .messages()
        .all()
        .map((message, index) => messageDoc(message, index)),
    }));
  const named = new Set(operations.flatMap((operation) => operation.messages.map((m) => m.id)));
  const otherMessages = channel
    .messages()
    .all()
    .filter((message) => !named.has(message.id()))
    .map((message, index) => messageDoc(message, index));
  const servers: ChannelServer[] = channel
    .servers()
    .all()
    .map((server) => {
      const pathname = server.pathname();
      return {
        id: server.id(),
        protocol: server.protocol(),
        host: server.host(),
        ...(pathname ? { pathname } : {}),
        ...(server.description() ? { description: server.description() } : {}),
        url: `${server.protocol()}://${server.host()}${joinPath(pathname ?? "", address ?? "")}`,
      };
    });
  const parameters: ChannelParameter[] = channel
    .parameters()
    .all()
    .map((parameter) => {
      const raw = parameter.json() as Record<string, unknown>;
      return {
        name: parameter.id(),
        ...(typeof raw.description === "string" ? { description: raw.description } : {}),
        ...(Array.isArray(raw.enum) ? { enum: raw.enum.map(String) } : {}),
        ...(raw.default !== undefined ? { default: String(raw.default) } : {}),
        ...(Array.isArray(raw.examples) ? { examples: raw.examples.map(String) } : {}),
      };
    });
  return {
    spec,
    id: channel.id(),
    ...(address ? { address } : {}),
    ...optionalText(channel),
    servers,
    parameters,
    operations,
    otherMessages,
    digest: documentDigest,
  };
}

function messageDoc(message: ParsedMessage, index: number): MessageDoc {
  const payload = message.payload()?.json();
  const headers = message.headers()?.json();
  const examples: MessageExample[] = message
    .examples()
    .all()
    .map((example) => ({
      ...(example.name() ? { name: example.name() } : {}),
      ...(example.summary() ? { summary: example.summary() } : {}),
      ...(example.hasPayload() ? { payload: example.payload() } : {}),
      ...(example.hasHeaders() ? { headers: example.headers() } : {}),
    }));
  return {
    // An inline message of a 2.x document may have no id.
    id: message.id() ?? message.name() ?? `message-${index + 1}`,
    ...(message.name() ? { name: message.name() } : {}),
    ...optionalText(message),
    ...(message.contentType() ? { contentType: message.contentType() } : {}),
    ...(isSchema(payload) ? { payload } : {}),
    ...(isSchema(headers) ? { headers } : {}),
    examples,
  };
}

function optionalText(model: {
  title?(): string | undefined;
  summary?(): string | undefined;
  description(): string | undefined;
}): { title?: string; summary?: string; description?: string } {
  const title = model.title?.();
  const summary = model.summary?.();
  const description = model.description();
  return {
    ...(title ? { title } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
  };
}

/** A finding's first line: the parser appends stack traces to errors it caught. */
function firstLine(message: string): string {
  return message.split("\n")[0]?.trim() ?? "";
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function joinPath(pathname: string, address: string): string {
  if (!address) return pathname;
  return `${pathname.replace(/\/+$/, "")}/${address.replace(/^\/+/, "")}`;
}
