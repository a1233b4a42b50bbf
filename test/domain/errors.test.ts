import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/domain/errors.ts";

/** Sources outside the exporter, which keeps its own errors. */
function sources(): { file: string; text: string }[] {
  return readdirSync("src", { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts") && !file.startsWith(`exporter${path.sep}`))
    .map((file) => ({ file: `src/${file}`, text: readFileSync(path.join("src", file), "utf8") }));
}

describe("the error catalogue", () => {
  it("names every entry QUIRE_ERR_<AREA>_<WHAT> with a 4xx or 5xx status and a message", () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^QUIRE_ERR_[A-Z]+(_[A-Z0-9]+)*$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.trim().length, code).toBeGreaterThan(3);
      // Template parts are {name}, nothing else in braces.
      expect(entry.message.replace(/\{\w+\}/g, ""), code).not.toMatch(/[{}]/);
    }
  });

  it("gives every error class a code: each derives from CodedError, none from Error itself", () => {
    const plain = sources().flatMap(({ file, text }) =>
      [...text.matchAll(/class (\w+) extends (Error|TypeError|RangeError)\b/g)]
        .map((match) => `${file}: ${match[1]}`)
        // The root of them all.
        .filter((found) => found !== "src/domain/errors.ts: CodedError"),
    );
    expect(plain, "extend CodedError (src/domain/errors.ts) with a catalogue code").toEqual([]);
  });

  it("leaves no bare `throw new Error(`: a catalogue error, or an assertion with its reason", () => {
    const bare = sources().flatMap(({ file, text }) =>
      text
        .split("\n")
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => /\bthrow new Error\(/.test(line))
        .map(({ number }) => `${file}:${number}`),
    );
    expect(bare, "throw a CodedError with a catalogue code, or assert() an invariant").toEqual([]);
  });
});
