/** The lines of a source text, by the offset each starts at. */
export class SourceLines {
  readonly text: string;
  readonly starts: number[] = [0];

  constructor(text: string) {
    this.text = text;
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
      this.starts.push(index + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  start(line: number): number {
    return this.starts[line] as number;
  }

  /** The offset of the line's `\n` (or the end of the text). */
  end(line: number): number {
    const next = this.starts[line + 1];
    return next === undefined ? this.text.length : next - 1;
  }

  isBlank(line: number): boolean {
    for (let index = this.start(line); index < this.end(line); index++) {
      const character = this.text[index];
      if (character !== " " && character !== "\t" && character !== "\r") return false;
    }
    return true;
  }

  /** Line and column (both from 1) of an offset. */
  place(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] as number) + 1 };
  }
}

/** A limit a source passes, where it passes it, and the problem's rule and message. */
export interface SourceLimitHit {
  rule: "nesting-limit" | "expression-limit" | "page-size-limit";
  message: string;
  line: number;
  column: number;
}
