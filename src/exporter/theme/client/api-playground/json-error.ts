/**
 * Where JSON text that JSON.parse refused stops being valid, found by a small scanner:
 * browsers' messages don't all give a position.
 */
export function jsonErrorAt(text: string): number {
  let at = 0;
  const space = /[ \t\n\r]*/y;
  const string = /"(?:[ !#-[\]-\uffff]|\\(?:["\\/bfnrt]|u[\da-fA-F]{4}))*"/y;
  const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  const skip = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found) at += found[0].length;
    return found !== null;
  };
  const expect = (pattern: RegExp | string): void => {
    skip(space);
    if (typeof pattern === "string" ? text[at] !== pattern : !skip(pattern)) throw 0;
    if (typeof pattern === "string") at++;
  };
  const value = (): void => {
    skip(space);
    const open = text[at];
    if (open !== "{" && open !== "[") {
      expect(open === '"' ? string : literal);
      return;
    }
    const close = open === "{" ? "}" : "]";
    at++;
    skip(space);
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      if (open === "{") {
        expect(string);
        expect(":");
      }
      value();
      skip(space);
      if (text[at] === close) {
        at++;
        return;
      }
      expect(",");
    }
  };
  try {
    value();
    skip(space);
  } catch {
    // `at` is where it stopped.
  }
  return Math.min(at, text.length);
}
