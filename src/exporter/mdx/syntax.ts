import type { Nodes, Root } from "mdast";
import { fromMarkdown, type Extension as MdastExtension } from "mdast-util-from-markdown";
import { combineExtensions } from "micromark-util-combine-extensions";
import type { Construct, Extension } from "micromark-util-types";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkMdx from "remark-mdx";
import { unified } from "unified";
import { withoutContextPrototypes } from "./micromark-contexts.ts";
import { gatedTable, mayHoldDelimiterRow, withTableLines } from "./table-gate.ts";

/**
 * The syntax a page is parsed with: MDX or Markdown, with frontmatter, GFM and math, less the
 * GFM constructs its text cannot hold. micromark tries the email autolink literal at every
 * letter and digit of running text and the table at the start of every line, and the
 * literals' tree transform walks every text node: on the generated corpus that was a third of
 * a page's parse. A construct is left out only where the text lacks what it must consume
 * (`x@y.z` for an email, `www.` or `http(s)://` for a link, `|` or an aligned `:-`/`-:`
 * delimiter for a table), so the tree is the one the whole syntax gives; the table is also
 * tried only at the lines a delimiter row may follow (table-gate.ts).
 */
export function parseMarkdownTree(text: string, format: "mdx" | "md"): Root {
  const absent = absentConstructs(text);
  const syntax = syntaxFor(format, absent);
  return withTableLines(absent.includes("table") ? undefined : text, () =>
    withoutContextPrototypes(() => fromMarkdown(text, syntax)),
  );
}

interface SyntaxOptions {
  extensions: Extension[];
  mdastExtensions: MdastExtension[];
}

/** At most 2 formats × 16 subsets of the four constructs, made when first needed. */
const syntaxByKey = new Map<string, SyntaxOptions>();

/** GFM's autolink literals by their micromark names: their tree transform goes with them. */
const AUTOLINK_LITERALS = ["emailAutolink", "wwwAutolink", "protocolAutolink"] as const;

/**
 * A character reference (`&#64;`, `&commat;`): the literals' tree transform reads text decoded,
 * where one may have become the `@`, `.` or `:` a literal needs.
 */
const CHARACTER_REFERENCE = /&(?:#|[a-z][a-z\d]*;)/i;

/** Whether a text may hold an autolink literal that starts with what `start` matches. */
function literalCanMatch(start: RegExp): (text: string) => boolean {
  return (text) => start.test(text) || CHARACTER_REFERENCE.test(text);
}

/** GFM's constructs by their micromark name, and what a text must hold for each to match. */
const OPTIONAL_CONSTRUCTS: { name: string; canMatch: (text: string) => boolean }[] = [
  // An address is `local@domain.label`: an `@` alone (`@scope/package`, `@param`) is none.
  { name: "emailAutolink", canMatch: literalCanMatch(/[\w+\-.]@[\w-]+\.[\w-]/) },
  { name: "wwwAutolink", canMatch: literalCanMatch(/www\./i) },
  { name: "protocolAutolink", canMatch: literalCanMatch(/https?:\/\//i) },
  { name: "table", canMatch: mayHoldDelimiterRow },
];

/**
 * The syntax of `format` less the `absent` constructs, made once for each such subset. Its
 * micromark extensions (frontmatter's, GFM's, math's and MDX's) are combined into one here:
 * micromark merges whatever it is given into its own constructs at every parse, one extension
 * at a time, and doing it for the four on every page cost about 25 µs of its parse. Combining
 * is associative (each construct keeps its place before or after the ones already there), so
 * the one extension makes the same parser.
 */
function syntaxFor(format: "mdx" | "md", absent: string[]): SyntaxOptions {
  const key = `${format} ${absent.join(" ")}`;
  let syntax = syntaxByKey.get(key);
  if (!syntax) {
    const separate = syntaxWithout(format, absent);
    syntax = { ...separate, extensions: [combineExtensions(separate.extensions)] };
    syntaxByKey.set(key, syntax);
  }
  return syntax;
}

/** The optional constructs that cannot match anywhere in `text`. */
function absentConstructs(text: string): string[] {
  return OPTIONAL_CONSTRUCTS.filter((construct) => !construct.canMatch(text)).map(
    (construct) => construct.name,
  );
}

/** The records of a micromark extension that map characters to constructs. */
const CONSTRUCT_RECORDS = [
  "document",
  "contentInitial",
  "flowInitial",
  "flow",
  "string",
  "text",
] as const;

/** The whole syntax of each format, as remark's plugins assemble it. */
const fullSyntax = {
  mdx: pluginSyntax(
    unified().use(remarkFrontmatter, ["yaml"]).use(remarkGfm).use(remarkMath).use(remarkMdx),
  ),
  md: pluginSyntax(unified().use(remarkFrontmatter, ["yaml"]).use(remarkGfm).use(remarkMath)),
};

function pluginSyntax(processor: ReturnType<typeof unified>): SyntaxOptions {
  // The fields remark's plugins fill (remark-parse declares them; this module does not load it).
  const data = processor.freeze().data() as {
    micromarkExtensions?: Extension[];
    fromMarkdownExtensions?: (MdastExtension | MdastExtension[])[];
  };
  return {
    extensions: (data.micromarkExtensions ?? []).map((extension) =>
      mapConstructs(extension, (construct) =>
        construct.name === "table" ? gatedTable(construct) : construct,
      ),
    ),
    mdastExtensions: (data.fromMarkdownExtensions ?? []).flat().map(withGatedLiteralTransform),
  };
}

/**
 * What each of the literals' find-and-replace patterns needs in a text node: `http(s)://` or
 * `www.` for a web address, an `@` for an email, `mailto:` or `xmpp:` address.
 */
const LITERAL_IN_TEXT = /https?:\/\/|www\.|@/i;

/**
 * The literals' extension with its transform run only on a tree where some text node may hold
 * a literal. A page's source can hold `https://` only in link destinations and code, which
 * the gate on the source above cannot tell apart; the transform would then visit every text
 * node of the tree to change none (5 % of the corpus's parse).
 */
function withGatedLiteralTransform(extension: MdastExtension): MdastExtension {
  if (!handlesLiteralAutolinks(extension) || !extension.transforms) return extension;
  return {
    ...extension,
    transforms: extension.transforms.map(
      (transform) => (tree: Root) => (textMayHoldLiteral(tree) ? transform(tree) : undefined),
    ),
  };
}

/** Whether any text node under `node` holds what a literal needs; stops at the first. */
function textMayHoldLiteral(node: Nodes): boolean {
  if (node.type === "text") return LITERAL_IN_TEXT.test(node.value);
  if (!("children" in node)) return false;
  for (const child of node.children) if (textMayHoldLiteral(child)) return true;
  return false;
}

function syntaxWithout(format: "mdx" | "md", absent: string[]): SyntaxOptions {
  const syntax = fullSyntax[format];
  if (absent.length === 0) return syntax;
  const names = new Set(absent);
  const noAutolinks = AUTOLINK_LITERALS.every((name) => names.has(name));
  return {
    extensions: syntax.extensions.map((extension) => withoutConstructs(extension, names)),
    // With no literal possible, the literals' transform (a walk of every text node) goes too.
    mdastExtensions: noAutolinks
      ? syntax.mdastExtensions.filter((extension) => !handlesLiteralAutolinks(extension))
      : syntax.mdastExtensions,
  };
}

function handlesLiteralAutolinks(extension: MdastExtension): boolean {
  return Boolean(extension.enter && "literalAutolink" in extension.enter);
}

/** The extension with the named constructs taken out of each of its records. */
function withoutConstructs(extension: Extension, names: Set<string>): Extension {
  return mapConstructs(extension, (construct) =>
    construct.name && names.has(construct.name) ? undefined : construct,
  );
}

/**
 * The extension with each construct of its records replaced by what `change` gives for it, or
 * left out where that is undefined (and a character left with none, with it).
 */
function mapConstructs(
  extension: Extension,
  change: (construct: Construct) => Construct | undefined,
): Extension {
  const changed: Record<string, unknown> = { ...extension };
  for (const field of CONSTRUCT_RECORDS) {
    const record = extension[field];
    if (!record) continue;
    const kept: Record<string, Construct | Construct[]> = {};
    for (const [code, constructs] of Object.entries(record)) {
      const list = (Array.isArray(constructs) ? constructs : [constructs]) as Construct[];
      const remaining = list.flatMap((construct) => change(construct) ?? []);
      if (remaining.length > 0) kept[code] = remaining;
    }
    changed[field] = kept;
  }
  return changed as Extension;
}
