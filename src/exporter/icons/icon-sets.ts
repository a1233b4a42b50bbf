import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const lucideFolder = path.join(
  path.dirname(require.resolve("lucide-static/package.json")),
  "icons",
);
const fontAwesomeRoot = path.dirname(require.resolve("@fortawesome/fontawesome-free/package.json"));

/** An icon's SVG parts, as read from its set. */
export interface IconSource {
  viewBox: string;
  /** The SVG's inner markup (paths), trusted: it comes from the installed icon packages. */
  inner: string;
  /** Outline icons (Lucide) are stroked; Font Awesome glyphs are filled. */
  kind: "stroke" | "fill";
}

const cache = new Map<string, IconSource | null>();
let fontAwesomeAliases: Map<string, { name: string; style?: string }> | undefined;

/** Font Awesome styles Mintlify pages name, mapped to the styles the free set ships. */
const FONT_AWESOME_STYLES: Record<string, string> = {
  solid: "solid",
  regular: "regular",
  brands: "brands",
  light: "solid",
  thin: "solid",
  duotone: "solid",
  "sharp-solid": "solid",
  "sharp-regular": "regular",
  "sharp-light": "solid",
  "sharp-thin": "solid",
  "sharp-duotone-solid": "solid",
};

export function lucideIcon(name: string): IconSource | undefined {
  return load(`lucide:${name}`, () => {
    if (!/^[a-z0-9-]+$/.test(name)) return undefined;
    const file = path.join(lucideFolder, `${name}.svg`);
    return existsSync(file) ? parseSvg(readFileSync(file, "utf8"), "stroke") : undefined;
  });
}

export function fontAwesomeIcon(name: string, style = "solid"): IconSource | undefined {
  const cleaned = name.replace(/^fa-/, "");
  if (!/^[a-z0-9-]+$/.test(cleaned)) return undefined;
  const preferred = FONT_AWESOME_STYLES[style] ?? "solid";
  const styles = [preferred, "solid", "regular", "brands"].filter(
    (item, index, all) => all.indexOf(item) === index,
  );
  for (const candidate of styles) {
    const found = load(`fa:${candidate}:${cleaned}`, () => {
      const file = path.join(fontAwesomeRoot, "svgs", candidate, `${cleaned}.svg`);
      return existsSync(file) ? parseSvg(readFileSync(file, "utf8"), "fill") : undefined;
    });
    if (found) return found;
  }
  const alias = fontAwesomeAliasMap().get(cleaned);
  return alias && alias.name !== cleaned
    ? fontAwesomeIcon(alias.name, alias.style ?? style)
    : undefined;
}

function load(key: string, read: () => IconSource | undefined): IconSource | undefined {
  if (!cache.has(key)) cache.set(key, read() ?? null);
  return cache.get(key) ?? undefined;
}

function parseSvg(text: string, kind: IconSource["kind"]): IconSource | undefined {
  const open = /<svg\b([^>]*)>/.exec(text);
  if (!open) return undefined;
  const viewBox = /viewBox="([^"]+)"/.exec(open[1] ?? "")?.[1] ?? "0 0 24 24";
  const inner = text
    .slice(open.index + open[0].length, text.lastIndexOf("</svg>"))
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/\s*\n\s*/g, "")
    .trim();
  return { viewBox, inner, kind };
}

/**
 * A metadata file's lines, each decoded on its own. Names taken from lines split out of the whole
 * text would keep all of it alive (V8 makes a long substring a view of its parent): icons.yml's
 * 1.8 MB, in every thread that looked up an alias.
 */
function metadataLines(file: string): string[] {
  const bytes = readFileSync(file);
  const lines: string[] = [];
  for (let start = 0; start <= bytes.length; ) {
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline;
    lines.push(bytes.toString("utf8", start, end));
    start = end + 1;
  }
  return lines;
}

/** Old and alternative Font Awesome names (v4 shims and listed aliases), read once on first miss. */
function fontAwesomeAliasMap(): Map<string, { name: string; style?: string }> {
  if (fontAwesomeAliases) return fontAwesomeAliases;
  const aliases = new Map<string, { name: string; style?: string }>();
  const metadata = path.join(fontAwesomeRoot, "metadata");
  try {
    let current: string | undefined;
    let inNames = false;
    for (const line of metadataLines(path.join(metadata, "icons.yml"))) {
      const top = /^([a-z0-9-]+):\s*$/.exec(line);
      if (top) {
        current = top[1];
        inNames = false;
      } else if (/^ {4}names:\s*$/.test(line)) {
        inNames = true;
      } else if (inNames && current) {
        const item = /^ {6}- ['"]?([a-z0-9-]+)['"]?\s*$/.exec(line);
        if (item?.[1]) aliases.set(item[1], { name: current });
        else inNames = false;
      }
    }
    let shim: string | undefined;
    for (const line of metadataLines(path.join(metadata, "shims.yml"))) {
      const top = /^([a-z0-9-]+):\s*$/.exec(line);
      if (top) shim = top[1];
      const target = /^ {2}name: ([a-z0-9-]+)/.exec(line);
      if (shim && target?.[1]) aliases.set(shim, { name: target[1] });
      const prefix = /^ {2}prefix: (fa[rsb])/.exec(line);
      if (shim && prefix?.[1])
        aliases.set(shim, {
          name: aliases.get(shim)?.name ?? shim,
          style: prefix[1] === "far" ? "regular" : prefix[1] === "fab" ? "brands" : "solid",
        });
    }
  } catch {
    // Without metadata only exact names resolve; that is the common case anyway.
  }
  fontAwesomeAliases = aliases;
  return aliases;
}
