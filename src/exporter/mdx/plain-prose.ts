/**
 * Prose that Markdown reads as nothing but its own text: a letter first (no list, heading,
 * quote or block marker can start), then letters, digits, spaces and punctuation that mean
 * nothing in Markdown, on one line, with no URL or `www.` a GFM autolink would take. Most
 * descriptions in an OpenAPI specification are such prose ("The customer's ID."), and an API
 * page renders hundreds of them: they need no parser.
 */
const PLAIN_PROSE = /^\p{L}[\p{L}\p{N} ,.'";:?()/-]*$/u;

/** The text a Markdown string shows when it is plain prose; undefined when it needs parsing. */
export function plainProseText(markdown: string): string | undefined {
  if (!PLAIN_PROSE.test(markdown) || /https?:|www\./i.test(markdown)) return undefined;
  // A paragraph's trailing spaces are no part of it.
  return markdown.trimEnd();
}
