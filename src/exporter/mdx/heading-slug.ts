import { slug as githubSlug } from "github-slugger";

/*
 * A heading's id, as Mintlify documents it ("Automatic anchor IDs" in its docs, create/text):
 * lowercase, whitespace made hyphens, a straight apostrophe made `’` and kept, periods made
 * hyphens, parentheses dropped, slashes and ampersands kept (`Fees & billing` → `fees-&-billing`,
 * `Read/write access` → `read/write-access`), and `-2`, `-3` for a repeated one. The heading's
 * words are lowercased and URL-encoded; what is then neither a letter, a digit, `_` nor (where
 * something was encoded) an escape becomes one hyphen, none at the ends; the escapes are
 * decoded and the punctuation `?,;:!'"()[]{}` and emoji dropped. So `Option 2: Remote` is
 * `option-2-remote`, and a link written with the colon still in it, `#option-2%3A-remote`,
 * names the same heading (the form before the punctuation is dropped is one of its aliases).
 */

const PUNCTUATION_DROPPED = /[?,;:!'"()[\]{}]/g;
/** Emoji and the invisible parts of their sequences: no id keeps them. */
export const EMOJI =
  /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;
/** Variation selectors and the zero-width joiner: the invisible parts of emoji sequences. */
const EMOJI_JOINERS = /[\uFE0E\uFE0F\u200D]/g;

/** The heading's id, and the form a link names before punctuation is dropped from it. */
export function mintlifyHeadingSlug(text: string): { id: string; beforePunctuation: string } {
  const words = text.replace(/'/g, "’").toLowerCase().trim().replace(/\s+/g, "-");
  const encoded = encodeURIComponent(words.toWellFormed());
  const escaped = /%[0-9A-F]{2}/.test(encoded);
  const slug = encoded
    .replace(escaped ? /[^A-Za-z0-9_%]+/g : /[^a-z0-9_]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  const decoded = escaped ? decodeURIComponent(slug) : slug;
  return {
    id: decoded.replace(PUNCTUATION_DROPPED, "").replace(EMOJI, ""),
    beforePunctuation: decoded,
  };
}

/**
 * Hands out a page's heading ids: a repeated one gets `-2`, `-3` and so on, never an id that
 * is already taken (by a component, or a heading that named its own).
 */
export class HeadingSlugger {
  private readonly seen = new Map<string, number>();
  private readonly taken: Set<string>;

  constructor(taken: Iterable<string>) {
    this.taken = new Set(taken);
  }

  /** Marks an id as used: one a heading named itself. */
  claim(id: string): void {
    this.seen.set(id, (this.seen.get(id) ?? 0) + 1);
    this.taken.add(id);
  }

  /** The next free id for a heading whose id would be `base`. */
  next(base: string): string {
    const count = this.seen.get(base) ?? 0;
    this.seen.set(base, count + 1);
    let id = base;
    for (
      let suffix = Math.max(count + 1, 2);
      this.taken.has(id) || (id !== base && this.seen.has(id));
      suffix++
    )
      id = `${base}-${suffix}`;
    this.taken.add(id);
    if (id !== base) this.seen.set(id, 1);
    return id;
  }
}

/**
 * Other ids a heading answers to. Authors link headings by the ids Mintlify gave them, and
 * those have not always been today's: real repositories link GitHub's slug (`## A & B` as
 * `#a--b`, a repeated heading as `#overview-1`), a word that is only punctuation dropped
 * (`` ## `swap` — on-chain `` as `#swap-on-chain`) or the separators made one with none at the
 * ends, as Mintlify's components slug a title (`## _meta` as `#meta`). Each form is answered.
 */
export function headingAliases(
  text: string,
  forms: { github: string; beforePunctuation: string },
): string[] {
  // GitHub's slug drops an emoji but keeps its invisible parts (`☁️` leaves U+FE0F), which no
  // author types into a link: `#### Langtrace Cloud ☁️` is linked as `#langtrace-cloud`.
  const visible = text.replace(EMOJI_JOINERS, "");
  const withoutPunctuationWords = visible
    .split(/\s+/)
    .map((word) => githubSlug(word))
    .filter(Boolean)
    .join("-");
  const oneSeparator = githubSlug(visible)
    .replace(/[-_]+/g, "-")
    .replace(/^-+|-+$/g, "");
  // Accents dropped, as Mintlify's components slug a title: CrewAI's Portuguese pages link
  // `## Explicação` as `#explicacao`.
  const withoutAccents = oneSeparator.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
  return [
    ...new Set([
      forms.beforePunctuation,
      forms.github,
      withoutPunctuationWords,
      oneSeparator,
      withoutAccents,
    ]),
  ].filter((alias) => alias !== "");
}
