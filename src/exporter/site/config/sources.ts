/** Where a key path of the configuration was written: file, line, column. */
export interface SourcePlace {
  /** The file holding the value: the config file, or a file it includes with `$ref`. */
  file: string;
  /** The key path inside that file. */
  path: string;
  line?: number;
  column?: number;
  /** For a value from an included file: the key path of the `$ref` in the config file. */
  includedAt?: string;
}

interface IndexedFile {
  /** Key path → offset of the value's first character. */
  positions: Map<string, number>;
  lineStarts: number[];
}

/**
 * The texts the configuration was read from, so a problem found at a key path of the merged
 * configuration can name the file, line and column where the author has to look.
 */
export class ConfigSources {
  private readonly rootFile: string;
  private readonly files = new Map<string, IndexedFile>();
  /** Key paths where a `$ref` was replaced by a file's content. */
  private readonly inclusions: { at: string; file: string }[] = [];
  private readonly failedInclusions: string[] = [];

  constructor(rootFile: string, rootText: string) {
    this.rootFile = rootFile;
    this.addFile(rootFile, rootText);
  }

  addFile(file: string, text: string): void {
    if (!this.files.has(file))
      this.files.set(file, { positions: indexJsonPositions(text), lineStarts: lineStarts(text) });
  }

  /** The content of `file` replaced the `$ref` object found at key path `at`. */
  addInclusion(at: string, file: string): void {
    this.inclusions.push({ at, file });
  }

  /** The `$ref` at key path `at` could not be followed (and was reported): nothing is there. */
  addFailedInclusion(at: string): void {
    this.failedInclusions.push(at);
  }

  /**
   * Whether a key path lies where a `$ref` failed: what is missing there was already
   * explained by the reference's own error and needs no second one.
   */
  isInsideFailedInclusion(path: string): boolean {
    return this.failedInclusions.some((at) => isWithin(path, at));
  }

  locate(path: string): SourcePlace {
    let file = this.rootFile;
    let inner = path;
    let includedAt: string | undefined;
    for (const inclusion of this.inclusions) {
      if (
        !isWithin(path, inclusion.at) ||
        (includedAt !== undefined && inclusion.at.length <= includedAt.length)
      )
        continue;
      includedAt = inclusion.at;
      file = inclusion.file;
      inner = path.slice(inclusion.at.length).replace(/^\./, "");
    }
    const indexed = this.files.get(file);
    const place: SourcePlace = {
      file,
      path: inner,
      ...(includedAt !== undefined ? { includedAt } : {}),
    };
    if (!indexed) return place;
    // A missing key has no position of its own: point at the object that lacks it.
    let lookup: string | undefined = inner;
    while (lookup !== undefined) {
      const offset = indexed.positions.get(lookup);
      if (offset !== undefined) return { ...place, ...lineAndColumn(indexed.lineStarts, offset) };
      lookup = parentPath(lookup);
    }
    return place;
  }
}

/** Whether key path `path` is `at` or lies below it. */
function isWithin(path: string, at: string): boolean {
  return at === "" || path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
}

/** `a.b[2]` → `a.b`, `a.b` → `a`, `a` → `` (the whole file), `` → undefined. */
function parentPath(path: string): string | undefined {
  if (path === "") return undefined;
  const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
  return cut <= 0 ? "" : path.slice(0, cut);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++)
    if (text[index] === "\n") starts.push(index + 1);
  return starts;
}

function lineAndColumn(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] as number) + 1 };
}

/**
 * The offset of every value in a JSON text, by key path in the checker's notation
 * (`navigation.tabs[0].pages[2]`). The text is known to be valid JSON: it parsed already.
 */
export function indexJsonPositions(text: string): Map<string, number> {
  const positions = new Map<string, number>();
  let index = 0;
  const space = (): void => {
    while (
      index < text.length &&
      (text[index] === " " || text[index] === "\n" || text[index] === "\r" || text[index] === "\t")
    )
      index++;
  };
  const readString = (): string => {
    const start = index;
    index++;
    while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
    index++;
    return JSON.parse(text.slice(start, index)) as string;
  };
  const value = (path: string, depth: number): void => {
    space();
    positions.set(path, index);
    const character = text[index];
    if (depth > 256) throw new Error("configuration nested too deeply");
    if (character === "{") {
      index++;
      space();
      if (text[index] === "}") return void index++;
      for (;;) {
        space();
        const key = readString();
        space();
        index++; // the colon
        value(path === "" ? key : `${path}.${key}`, depth + 1);
        space();
        if (text[index++] === "}") return;
      }
    }
    if (character === "[") {
      index++;
      space();
      if (text[index] === "]") return void index++;
      for (let item = 0; ; item++) {
        value(`${path}[${item}]`, depth + 1);
        space();
        if (text[index++] === "]") return;
      }
    }
    if (character === '"') return void readString();
    while (index < text.length && !/[\s,\]}]/.test(text[index] as string)) index++;
  };
  try {
    value("", 0);
  } catch {
    // Positions are a help for messages; a text they cannot be read from simply has none.
  }
  return positions;
}
