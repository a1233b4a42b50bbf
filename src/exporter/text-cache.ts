/**
 * Texts by key, up to a number of characters (keys included): the one used least recently goes
 * first when a new one would pass the limit, and a text larger than the limit is not kept. For
 * render threads' caches of HTML, which must not grow with the site: a thread renders pages of
 * the whole site one after another.
 */
export class TextCache {
  private readonly entries = new Map<string, string>();
  private readonly maxCharacters: number;
  private characters = 0;

  constructor(maxCharacters: number) {
    this.maxCharacters = maxCharacters;
  }

  /** The text kept under `key`, which then goes to the back of the eviction order. */
  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, text);
    return text;
  }

  set(key: string, text: string): void {
    const size = key.length + text.length;
    if (size > this.maxCharacters) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.characters -= key.length + previous.length;
    }
    for (const [oldKey, oldText] of this.entries) {
      if (this.characters + size <= this.maxCharacters) break;
      this.entries.delete(oldKey);
      this.characters -= oldKey.length + oldText.length;
    }
    this.entries.set(key, text);
    this.characters += size;
  }

  /** Characters held, keys included. */
  get size(): number {
    return this.characters;
  }
}
