/** Loads the grammars of the given languages before highlighting. */
export async function loadCodeLanguages(_languages: string[]): Promise<void> {}
