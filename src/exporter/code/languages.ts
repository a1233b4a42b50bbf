import { loadLanguages } from "./highlighter.ts";

/** Loads the grammars of the given fence languages before a page's code blocks render. */
export async function loadCodeLanguages(languages: string[]): Promise<void> {
  await loadLanguages(languages);
}
