import { describe, expect, it } from "vitest";
import { codeFrame } from "../../src/dev/code-frame.ts";

describe("codeFrame", () => {
  it("numbers the lines around the problem and points at its column", () => {
    const text = ["one", "two", "three <Note>", "four", "five", "six"].join("\n");
    expect(codeFrame(text, 3, 7)).toBe(
      [
        "  1 | one",
        "  2 | two",
        "> 3 | three <Note>",
        "    |       ^",
        "  4 | four",
        "  5 | five",
      ].join("\n"),
    );
  });

  it("widens the gutter for two-digit line numbers and leaves out the caret without a column", () => {
    const text = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`).join("\n");
    expect(codeFrame(text, 10)).toBe(
      ["   8 | line 8", "   9 | line 9", "> 10 | line 10", "  11 | line 11", "  12 | line 12"].join(
        "\n",
      ),
    );
  });

  it("is empty for a line the text does not have", () => {
    expect(codeFrame("only one line", 4, 1)).toBe("");
  });
});
