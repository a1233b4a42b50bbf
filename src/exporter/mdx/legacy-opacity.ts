/*
 * Tailwind v3's opacity utilities on an element's classes, as Tailwind's own upgrade to v4
 * rewrites them. Pages written for Mintlify use v3, where `bg-red-500 bg-opacity-50` works
 * through a variable both classes set; v4 (the compiler Quire ships) dropped `bg-opacity-*` and
 * writes the opacity on the colour: `bg-red-500/50`. The pairing is per element, so it is done
 * on the element's class list, before the classes become candidates.
 */

const KINDS = "bg|text|border|divide|ring|placeholder";
const OPACITY = new RegExp(`^(${KINDS})-opacity-(\\d+|\\[[^\\]]+\\])$`);
const PALETTE =
  "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose";
const COLOR = `(?:inherit|current|transparent|black|white|(?:${PALETTE})-(?:50|[1-9]00|950)|\\[(?:#|rgb|hsl|oklch|color:)[^\\]]*\\])`;
/** A colour utility of a kind (borders also per side); not one that already has an opacity. */
const COLOR_OF: Record<string, RegExp> = Object.fromEntries(
  KINDS.split("|").map((kind) => [
    kind,
    new RegExp(`^${kind}-${kind === "border" ? "(?:[xytrblse]-)?" : ""}${COLOR}$`),
  ]),
);

interface ParsedClass {
  /** The variants, with their colons: `dark:hover:`, or empty. */
  variants: string;
  important: boolean;
  utility: string;
}

/**
 * The classes with each `{variants}{kind}-opacity-N` folded into that kind's colour of the same
 * variants (`bg-red-500/50`), or, without one, into the colour without variants as a class of
 * the opacity's variants (`hover:bg-opacity-75` → `hover:bg-red-500/75`), as v3's cascade had
 * it. An opacity with no colour to apply to is left as it is (it generates nothing).
 */
export function foldLegacyOpacity(classes: readonly string[]): string[] {
  if (!classes.some((name) => name.includes("-opacity-"))) return [...classes];
  const parsed = classes.map(parseClass);
  const result: (string | undefined)[] = [...classes];
  const added: string[] = [];
  parsed.forEach((entry, index) => {
    const match = OPACITY.exec(entry.utility);
    if (!match) return;
    const kind = match[1] as string;
    const amount = `/${match[2] as string}`;
    const isColor = (other: ParsedClass): boolean => (COLOR_OF[kind] as RegExp).test(other.utility);
    const same = parsed.flatMap((other, at) =>
      other.variants === entry.variants && isColor(other) ? [at] : [],
    );
    if (same.length > 0) {
      for (const at of same) {
        const color = parsed[at] as ParsedClass;
        result[at] = write({ ...color, utility: color.utility + amount });
      }
      result[index] = undefined;
      return;
    }
    const base = parsed.filter((other) => other.variants === "" && isColor(other));
    if (entry.variants === "" || base.length === 0) return;
    for (const color of base)
      added.push(
        write({
          variants: entry.variants,
          important: entry.important || color.important,
          utility: color.utility + amount,
        }),
      );
    result[index] = undefined;
  });
  return [...result.filter((name): name is string => name !== undefined), ...added];
}

function parseClass(name: string): ParsedClass {
  let depth = 0;
  let split = -1;
  for (let index = 0; index < name.length; index++) {
    const character = name[index];
    if (character === "[" || character === "(") depth++;
    else if (character === "]" || character === ")") depth--;
    else if (character === ":" && depth === 0) split = index;
  }
  const rest = name.slice(split + 1);
  const important = rest.startsWith("!") || rest.endsWith("!");
  return {
    variants: name.slice(0, split + 1),
    important,
    utility: rest.replace(/^!|!$/g, ""),
  };
}

function write(entry: ParsedClass): string {
  return `${entry.variants}${entry.important ? "!" : ""}${entry.utility}`;
}
