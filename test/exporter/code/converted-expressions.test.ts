import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { bundledLanguages, bundledThemes } from "shiki";
import { createHighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { describe, expect, it } from "vitest";
import {
  type ConvertedExpression,
  convertExpression,
  EXPRESSIONS_FOLDER,
  type ExpressionsManifest,
  expressionFor,
  expressionsFile,
  installedConversionVersions,
  MANIFEST_FILE,
  manifestMatches,
  REGEX_TARGET,
  readConvertedExpressions,
  tableEntry,
} from "../../../src/exporter/code/converted-expressions.ts";
import { grammarExpressions, scannerSources } from "../../../tools/grammar-sources.ts";

function tableOf(grammarName: string): Record<string, ConvertedExpression> {
  return JSON.parse(gunzipSync(readFileSync(expressionsFile(grammarName))).toString("utf8"));
}

interface Grammar {
  name: string;
}

async function grammarsOf(language: string): Promise<Grammar[]> {
  const load = bundledLanguages[language as keyof typeof bundledLanguages];
  return ((await load()) as { default: Grammar[] }).default;
}

/** Code that meets many of each grammar's rules. */
const SAMPLES: Record<string, string> = {
  python:
    'from x import y\n@dec\ndef f(a: int = 3, *b, **c) -> str:\n    return f"{a!r} {a:>3}" + r"\\d" + b"x"  # note\nclass C(B, metaclass=M):\n    lambda q: q ** 2\n',
  javascript:
    'import { a } from "b";\nconst x = `t ${1 + 2}`;\nclass A extends B { #p = /re+/g; async *m() { await x?.y ?? z; } }\n// c\n/** @param {string} s */\n',
  typescript:
    "type T<K extends string> = { [P in K]: Array<P> };\nenum E { A = 1 }\nconst f = <T,>(x: T): x is T => true;\ndeclare module 'm' { export default f; }\n",
  bash: 'for f in *.md; do echo "$f ${f%.md}" | sed -e "s/a/b/" > out; done\nif [[ -n $x ]]; then exit 1; fi\n',
  json: '{"a": [1, true, null, "s\\n"], "b": {"c": -1.5e3}}',
  yaml: 'a: 1\nb:\n  - "x"\n  - |\n    block\nc: &anchor {d: e}\n',
  html: '<!doctype html><html><body><p class="x" id=y>t &amp; <b>u</b></p><!-- c --></body></html>',
  markdown: "# T\n\n> quote\n\n- [x] *a* **b** `c` [l](u)\n\n1. one\n",
  go: 'package main\nimport "fmt"\nfunc main() { s := `raw`; fmt.Println(s, 0x1F) }\n',
  rust: 'fn main() { let v: Vec<u8> = vec![1]; println!("{}", v[0]); }\n#[derive(Debug)]\nstruct S;\n',
  powershell: 'New-Item -Path . -Name "a"\nfunction Get-X { param([string]$p) }\n',
};

describe("grammar expressions converted ahead of time", () => {
  it("were made for the shiki, engine, converter and grammars installed", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(EXPRESSIONS_FOLDER, MANIFEST_FILE), "utf8"),
    ) as ExpressionsManifest;
    expect(manifest, "after an upgrade, `npm run grammar-expressions` makes it again").toEqual({
      target: REGEX_TARGET,
      versions: installedConversionVersions(),
    });
    expect(manifestMatches(manifest, installedConversionVersions())).toBe(true);
  });

  it("are not used once any of those packages is another version", () => {
    const installed = installedConversionVersions();
    const manifest: ExpressionsManifest = { target: REGEX_TARGET, versions: { ...installed } };
    for (const name of Object.keys(installed))
      expect(manifestMatches(manifest, { ...installed, [name]: "0.0.0" })).toBe(false);
    expect(manifestMatches({ ...manifest, target: "ES2025" }, installed)).toBe(false);
  });

  it("hold, for whole grammars and a spread of all of them, what the engine's conversion gives", async () => {
    const whole = new Set<string>();
    for (const language of ["python", "javascript", "powershell"])
      for (const grammar of await grammarsOf(language)) whole.add(grammar.name);
    const files = readdirSync(EXPRESSIONS_FOLDER).filter((file) => file.endsWith(".json.gz"));
    expect(files.length).toBeGreaterThan(200);
    let compared = 0;
    let emulated = 0;
    for (const [fileIndex, file] of files.entries()) {
      const name = decodeURIComponent(file.slice(0, -".json.gz".length));
      const entries = Object.entries(tableOf(name));
      // Every expression of the whole grammars, one in about forty of the others'.
      const chosen = whole.has(name)
        ? entries
        : entries.filter((_, i) => (i + fileIndex) % 40 === 0);
      for (const [pattern, stored] of chosen) {
        let live: ConvertedExpression;
        try {
          live = tableEntry(pattern, convertExpression(pattern));
        } catch {
          live = null;
        }
        expect(stored, `${name}: ${pattern}`).toEqual(live);
        if (stored?.[2]) emulated += 1;
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(emulated).toBeGreaterThan(10);
  });

  it("hold every expression real blocks ask for, but for ends that repeat captured text", async () => {
    // The table's expressions are the conversions themselves (the test above), so blocks
    // highlight the same; this checks the table is found for what the scanner asks.
    const asked = new Set<string>();
    const highlighter = await createHighlighterCore({
      themes: [bundledThemes["github-light"]()],
      langs: [],
      engine: createJavaScriptRegexEngine({
        forgiving: true,
        target: REGEX_TARGET,
        regexConstructor: (pattern) => {
          asked.add(pattern);
          return expressionFor(pattern);
        },
      }),
    });
    const inTable = new Set<string>();
    let anchoredOrRewritten = 0;
    for (const [language, code] of Object.entries(SAMPLES)) {
      const grammars = await grammarsOf(language);
      readConvertedExpressions(grammars);
      for (const grammar of grammars)
        for (const pattern of Object.keys(tableOf(grammar.name))) inTable.add(pattern);
      await highlighter.loadLanguage(...(grammars as never[]));
      expect(highlighter.codeToHtml(code, { lang: language, theme: "github-light" })).toContain(
        '<span class="line">',
      );
    }
    // What the table cannot hold: an end that repeats text its block captured (a string's
    // quote, a heredoc's word), which vscode-textmate writes into the expression per block.
    const repeatingCaptured = [...inTable]
      .filter((pattern) => /\\\d/.test(pattern))
      .map((pattern) => {
        const parts = pattern
          .split(/\\\d+/)
          .map((part) => part.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"));
        return new RegExp(`^${parts.join("[^]*?")}$`);
      });
    const missing = [...asked].filter((pattern) => !inTable.has(pattern));
    expect(missing.length).toBeGreaterThan(0);
    expect(
      missing.filter((pattern) => !repeatingCaptured.some((made) => made.test(pattern))),
    ).toEqual([]);
    for (const pattern of asked)
      if (pattern.includes("\uFFFF") || pattern.includes("$(?!\\n)(?<!\\n)"))
        anchoredOrRewritten += 1;
    // The sources vscode-textmate rewrites were met, and found.
    expect(anchoredOrRewritten).toBeGreaterThan(5);
    expect(asked.size).toBeGreaterThan(500);
  });

  it("lists a grammar's expressions and the sources the scanner is handed for each", () => {
    const grammar = {
      patterns: [{ match: "a\\z" }, { begin: "\\Gb", end: "c", patterns: [{ while: "\\Ad" }] }],
      repository: { e: { match: "\\\\Gx" } },
    };
    expect([...grammarExpressions(grammar)]).toEqual(["a\\z", "\\Gb", "c", "\\Ad", "\\\\Gx"]);
    expect(scannerSources("a\\z")).toEqual(["a$(?!\\n)(?<!\\n)"]);
    // An escaped backslash is no anchor.
    expect(scannerSources("\\\\Gx")).toEqual(["\\\\Gx"]);
    expect(scannerSources("\\G\\Ab")).toEqual([
      "\\\uFFFF\\\uFFFFb",
      "\\G\\\uFFFFb",
      "\\\uFFFF\\Ab",
      "\\G\\Ab",
    ]);
  });
});
