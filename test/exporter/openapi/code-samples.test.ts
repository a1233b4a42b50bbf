import { execFile, execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_SAMPLE_LANGUAGES,
  FILE_PLACEHOLDER,
  generateCodeSamples,
  normalizeSampleLanguage,
  renderXCodeSamples,
  sampleLanguageKey,
} from "../../../src/exporter/openapi/code-samples/index.ts";
import type { SampleRequest } from "../../../src/exporter/openapi/types.ts";
import { javaDevelopmentKit, pythonWithRequests } from "../../helpers/machine-tools.ts";

const run = promisify(execFile);

/** What the local server saw of one request. */
interface Received {
  method: string;
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let base = "";
let workDir = "";
const received: Received[] = [];
/** The placeholder file's content, with bytes that are not UTF-8. */
const FILE_BYTES = Buffer.from([0x62, 0x69, 0x6e, 0x00, 0xff, 0xfe, 0x0a, 0x0d, 0x22, 0x27]);

/** Skipped off CI when missing; failing, not skipped, on CI (which installs them). */
const python = pythonWithRequests();
const java = javaDevelopmentKit();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "quire-code-samples-"));
  await mkdir(join(workDir, "path", "to"), { recursive: true });
  await writeFile(join(workDir, FILE_PLACEHOLDER), FILE_BYTES);
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const target = request.url ?? "/";
      const mark = target.indexOf("?");
      received.push({
        method: request.method ?? "",
        path: mark < 0 ? target : target.slice(0, mark),
        query: mark < 0 ? "" : target.slice(mark + 1),
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
});

/** The environment of the snippets: no proxy between them and the local server. */
function env(): NodeJS.ProcessEnv {
  const copy = { ...process.env };
  for (const name of Object.keys(copy)) if (/proxy/i.test(name)) delete copy[name];
  return copy;
}

type Runner = (code: string) => Promise<string>;

const runners: Record<string, Runner> = {
  curl: async (code) =>
    (
      await run(
        "bash",
        ["-c", `set -e\n${code.replace(/^curl /, "curl --silent --show-error --fail ")}`],
        { cwd: workDir, env: env(), timeout: 30_000 },
      )
    ).stdout,
  javascript: async (code) =>
    (
      await run(process.execPath, ["--input-type=module", "-e", code], {
        cwd: workDir,
        env: env(),
        timeout: 30_000,
      })
    ).stdout,
  typescript: async (code) =>
    (
      await run(process.execPath, ["--input-type=module-typescript", "-e", code], {
        cwd: workDir,
        env: env(),
        timeout: 30_000,
      })
    ).stdout,
  python: async (code) => {
    python.require();
    return (await run(python.command, ["-c", code], { cwd: workDir, env: env(), timeout: 30_000 }))
      .stdout;
  },
  java: async (code) => {
    java.require();
    const file = join(workDir, "Main.java");
    await writeFile(file, code);
    return (await run(java.command, [file], { cwd: workDir, env: env(), timeout: 60_000 })).stdout;
  },
};

function sample(request: SampleRequest, language: string): string {
  const found = generateCodeSamples(request, [language]).samples[0];
  if (!found) throw new Error(`no ${language} sample`);
  return found.code;
}

/** Runs the snippet and returns the one request the server received from it. */
async function sent(request: SampleRequest, language: string): Promise<Received> {
  const runner = runners[language] as Runner;
  const stdout = await runner(sample(request, language));
  expect(stdout).toContain('{"ok":true}');
  expect(received).toHaveLength(1);
  return received[0] as Received;
}

/** The multipart fields the server received: text as text, files as their name and bytes. */
async function multipartFields(
  got: Received,
): Promise<[string, string | { name: string; bytes: number[] }][]> {
  const form = await new Response(new Uint8Array(got.body), {
    headers: { "content-type": String(got.headers["content-type"]) },
  }).formData();
  const fields: [string, string | { name: string; bytes: number[] }][] = [];
  for (const [name, value] of form.entries()) {
    fields.push([
      name,
      typeof value === "string"
        ? value
        : { name: value.name, bytes: [...new Uint8Array(await value.arrayBuffer())] },
    ]);
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Requests

function getRequest(): SampleRequest {
  return {
    method: "GET",
    url: `${base}/users/42`,
    query: [
      ["search", "O'Brien & co/ü?=#"],
      ["limit", "10"],
      ["tag", "a b"],
      ["tag", "c+d"],
      ["weird name!", "(x)*"],
    ],
    headers: [
      ["Authorization", "Bearer <token>"],
      ["X-Request-Id", `id "quoted" \\ back $HOME \`x\` 'single'`],
    ],
    cookies: [
      ["session", "abc123"],
      ["theme", "dark mode; yes"],
    ],
  };
}

const EXPECTED_QUERY =
  "search=O%27Brien%20%26%20co%2F%C3%BC%3F%3D%23&limit=10&tag=a%20b&tag=c%2Bd&weird%20name%21=%28x%29%2A";

function expectGet(got: Received): void {
  expect(got.method).toBe("GET");
  expect(got.path).toBe("/users/42");
  expect(got.query).toBe(EXPECTED_QUERY);
  expect([...new URLSearchParams(got.query)]).toEqual(getRequest().query);
  expect(got.headers.authorization).toBe("Bearer <token>");
  expect(got.headers["x-request-id"]).toBe(`id "quoted" \\ back $HOME \`x\` 'single'`);
  expect(got.headers.cookie).toBe("session=abc123; theme=dark%20mode%3B%20yes");
  expect(got.headers["content-type"]).toBeUndefined();
  expect(got.body.length).toBe(0);
}

const JSON_BODY = {
  name: `O'Brien said "hi" and it's fine`,
  path: "C:\\temp\\new\\",
  text: "line one\nline two\r\n\ttabbed",
  unicode: "café ✓ 😀 日本語 \u2028 end",
  shell: "$HOME `whoami` $(id) !event",
  "odd key": "needs quotes",
  'with"quote': "key with a quote",
  nested: { list: [1, 2.5, -3, 1e21, [true, false, null], { deep: { deeper: [] } }], empty: {} },
  flag: true,
  off: false,
  nothing: null,
};

function postRequest(
  body: SampleRequest["body"],
  headers: [string, string][] = [["Authorization", "Bearer <token>"]],
): SampleRequest {
  return {
    method: "POST",
    url: `${base}/items`,
    query: [["dry run", "yes"]],
    headers,
    cookies: [],
    ...(body ? { body } : {}),
  };
}

function expectJsonPost(got: Received): void {
  expect(got.method).toBe("POST");
  expect(got.path).toBe("/items");
  expect(got.query).toBe("dry%20run=yes");
  expect(got.headers.authorization).toBe("Bearer <token>");
  expect(got.headers["content-type"]).toBe("application/json");
  expect(JSON.parse(got.body.toString("utf8"))).toEqual(JSON_BODY);
}

const FORM_VALUE = {
  name: "O'Brien & Sons",
  note: "50% off = deal?\nyes +1",
  tags: ["a", "b c"],
  count: 3,
  ok: true,
  "weird key&=": "v",
  unicode: "日本 é",
};
const FORM_FIELDS = [
  ["name", "O'Brien & Sons"],
  ["note", "50% off = deal?\nyes +1"],
  ["tags", "a"],
  ["tags", "b c"],
  ["count", "3"],
  ["ok", "true"],
  ["weird key&=", "v"],
  ["unicode", "日本 é"],
];

const MULTIPART_VALUE = {
  upload: "<binary>",
  description: 'A "quoted" ; value with \\ and unicode é',
  at: "@not-a-file",
  lt: "<not-a-file",
  meta: { a: 1, b: [true] },
  tags: ["x", "y"],
};
const MULTIPART_FIELDS = [
  ["upload", { name: "file", bytes: [...FILE_BYTES] }],
  ["description", 'A "quoted" ; value with \\ and unicode é'],
  ["at", "@not-a-file"],
  ["lt", "<not-a-file"],
  ["meta", '{"a":1,"b":[true]}'],
  ["tags", "x"],
  ["tags", "y"],
];

// ---------------------------------------------------------------------------------------------
// Go: no toolchain here, so its string literals are decoded and its structure checked

/** The value of a Go string literal (interpreted or raw). */
function goLiteralValue(literal: string): string {
  if (literal.startsWith("`")) return literal.slice(1, -1).replaceAll("\r", "");
  const bytes: number[] = [];
  const push = (text: string): void => {
    bytes.push(...Buffer.from(text, "utf8"));
  };
  const simple: Record<string, string> = {
    n: "\n",
    r: "\r",
    t: "\t",
    a: "\x07",
    b: "\b",
    f: "\f",
    v: "\v",
    "\\": "\\",
    '"': '"',
  };
  const body = literal.slice(1, -1);
  for (let index = 0; index < body.length; index++) {
    const character = body[index] as string;
    if (character !== "\\") {
      const code = body.codePointAt(index) as number;
      push(String.fromCodePoint(code));
      if (code > 0xffff) index++;
      continue;
    }
    const next = body[index + 1] as string;
    if (next in simple) {
      push(simple[next] as string);
      index++;
    } else if (next === "x") {
      bytes.push(Number.parseInt(body.slice(index + 2, index + 4), 16));
      index += 3;
    } else if (next === "u" || next === "U") {
      const width = next === "u" ? 4 : 8;
      push(String.fromCodePoint(Number.parseInt(body.slice(index + 2, index + 2 + width), 16)));
      index += 1 + width;
    } else throw new Error(`unknown escape \\${next}`);
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Go string literals (raw or interpreted) in order of appearance; comments skipped. */
function goTokens(code: string): { literals: string[]; rest: string } {
  const literals: string[] = [];
  let rest = "";
  const pattern = /`[^`]*`|"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*/g;
  let last = 0;
  for (const match of code.matchAll(pattern)) {
    rest += `${code.slice(last, match.index)} `;
    if (!match[0].startsWith("//")) literals.push(match[0]);
    last = match.index + match[0].length;
  }
  return { literals, rest: rest + code.slice(last) };
}

/** Checks what a compiler would: balanced brackets, imports all used, used packages imported. */
function expectGoStructure(code: string): void {
  const { literals, rest } = goTokens(code);
  for (const literal of literals) expect(() => goLiteralValue(literal)).not.toThrow();
  const stack: string[] = [];
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  for (const character of rest) {
    if ("([{".includes(character)) stack.push(character);
    else if (character in pairs) expect(stack.pop()).toBe(pairs[character]);
  }
  expect(stack).toEqual([]);
  expect(code.startsWith("package main\n\nimport (\n")).toBe(true);
  const block = /import \(\n([^)]*)\)/.exec(code)?.[1] ?? "";
  const imports = [...block.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
  expect(imports).toEqual([...imports].sort());
  const afterImports = goTokens(code.slice(code.indexOf(")", code.indexOf("import (")) + 1)).rest;
  for (const path of imports)
    expect(afterImports, `import ${path} is used`).toMatch(
      new RegExp(`\\b${path.split("/").pop()}\\.`),
    );
  const known = ["bytes", "fmt", "io", "multipart", "http", "url", "os", "filepath", "strings"];
  for (const name of known) {
    if (new RegExp(`\\b${name}\\.[A-Z]`).test(afterImports))
      expect(imports.map((path) => path.split("/").pop())).toContain(name);
  }
  expect(rest).toContain("func main() {");
}

/** The decoded arguments of each call to `name` in the Go code, e.g. `req.Header.Add`. */
function goCalls(code: string, name: string): string[][] {
  const calls: string[][] = [];
  const literal = /`[^`]*`|"(?:[^"\\\n]|\\.)*"/g.source;
  for (const match of code.matchAll(
    new RegExp(`${name.replaceAll(".", "\\.")}\\(((?:${literal}|[^()\`"])*)\\)`, "g"),
  )) {
    calls.push(
      [...(match[1] as string).matchAll(new RegExp(literal, "g"))].map((item) =>
        goLiteralValue(item[0]),
      ),
    );
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------

describe("generated request samples, run against a local server", () => {
  for (const language of ["curl", "javascript", "python"]) {
    const live = language !== "python" || !python.skip;
    it.skipIf(!live)(`${language}: GET with query, headers and cookies`, async () => {
      expectGet(await sent(getRequest(), language));
    });

    it.skipIf(!live)(
      `${language}: POST with a JSON body full of characters to escape`,
      async () => {
        expectJsonPost(
          await sent(postRequest({ contentType: "application/json", value: JSON_BODY }), language),
        );
      },
    );

    it.skipIf(!live)(`${language}: form-urlencoded body`, async () => {
      const got = await sent(
        postRequest({ contentType: "application/x-www-form-urlencoded", value: FORM_VALUE }),
        language,
      );
      expect(got.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect([...new URLSearchParams(got.body.toString("utf8"))]).toEqual(FORM_FIELDS);
    });

    it.skipIf(!live)(`${language}: multipart body with a file`, async () => {
      // A Content-Type without boundary in the headers must not reach the request.
      const request = postRequest({ contentType: "multipart/form-data", value: MULTIPART_VALUE }, [
        ["Content-Type", "multipart/form-data"],
      ]);
      const got = await sent(request, language);
      expect(String(got.headers["content-type"])).toMatch(/^multipart\/form-data; ?boundary=/);
      const fields = await multipartFields(got);
      if (language === "python") {
        // requests writes `data` fields before `files`.
        expect(fields).toEqual([...MULTIPART_FIELDS.slice(1), MULTIPART_FIELDS[0]]);
      } else expect(fields).toEqual(MULTIPART_FIELDS);
    });

    it.skipIf(!live)(`${language}: plain text and binary bodies`, async () => {
      const text = 'It\'s "plain" \\ text\nwith é and 😀 and $HOME';
      const got = await sent(
        postRequest({ contentType: "text/plain; charset=utf-8", value: text }),
        language,
      );
      expect(got.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(got.body.toString("utf8")).toBe(text);
      received.length = 0;
      const binary = await sent(
        postRequest({ contentType: "application/octet-stream", value: "<binary>" }),
        language,
      );
      expect(binary.headers["content-type"]).toBe("application/octet-stream");
      expect([...binary.body]).toEqual([...FILE_BYTES]);
    });
  }

  it("curl: sends the JSON body exactly as shown, pretty-printed", async () => {
    const got = await sent(
      postRequest({ contentType: "application/json", value: JSON_BODY }),
      "curl",
    );
    expect(got.body.toString("utf8")).toBe(JSON.stringify(JSON_BODY, null, 2));
  });

  it("curl: an empty header value is sent, not dropped; HEAD uses --head", async () => {
    const request: SampleRequest = {
      method: "HEAD",
      url: `${base}/h`,
      query: [],
      headers: [["X-Empty", ""]],
      cookies: [],
    };
    const code = sample(request, "curl");
    expect(code).toContain("--head");
    expect(code).toContain("--header 'X-Empty;'");
    await runners.curl?.(code.replace("--head", "--request GET"));
    expect(received[0]?.headers["x-empty"]).toBe("");
  });

  it("javascript: sends the JSON exactly as JSON.stringify would, even a __proto__ key", async () => {
    const got = await sent(
      postRequest({ contentType: "application/json", value: JSON_BODY }),
      "javascript",
    );
    expect(got.body.toString("utf8")).toBe(JSON.stringify(JSON_BODY));
    received.length = 0;
    const proto = JSON.parse('{"__proto__":{"x":1},"a":[]}');
    const again = await sent(
      postRequest({ contentType: "application/vnd.api+json", value: proto }),
      "javascript",
    );
    expect(again.body.toString("utf8")).toBe('{"__proto__":{"x":1},"a":[]}');
    expect(again.headers["content-type"]).toBe("application/vnd.api+json");
  });

  it("typescript: the same fetch code runs under Node's type stripping", async () => {
    expectGet(await sent(getRequest(), "typescript"));
    received.length = 0;
    expectJsonPost(
      await sent(postRequest({ contentType: "application/json", value: JSON_BODY }), "typescript"),
    );
  });

  // Each run compiles the snippet first: a few seconds apiece on a busy machine.
  describe.skipIf(java.skip)("java", { timeout: 120_000 }, () => {
    beforeAll(() => java.require());

    it("GET and JSON POST", async () => {
      expectGet(await sent(getRequest(), "java"));
      received.length = 0;
      const got = await sent(
        postRequest({ contentType: "application/json", value: JSON_BODY }),
        "java",
      );
      expectJsonPost(got);
      expect(got.body.toString("utf8")).toBe(JSON.stringify(JSON_BODY, null, 2));
    });

    it("form and multipart bodies", async () => {
      const form = await sent(
        postRequest({ contentType: "application/x-www-form-urlencoded", value: FORM_VALUE }),
        "java",
      );
      expect([...new URLSearchParams(form.body.toString("utf8"))]).toEqual(FORM_FIELDS);
      received.length = 0;
      const multipart = await sent(
        postRequest({ contentType: "multipart/form-data", value: MULTIPART_VALUE }),
        "java",
      );
      expect(await multipartFields(multipart)).toEqual(MULTIPART_FIELDS);
    });

    it("text and binary bodies", async () => {
      const text = 'It\'s "plain" \\u0041 text\nwith é and 😀';
      const plain = await sent(postRequest({ contentType: "text/plain", value: text }), "java");
      expect(plain.body.toString("utf8")).toBe(text);
      received.length = 0;
      const binary = await sent(
        postRequest({ contentType: "application/octet-stream", value: "<binary>" }),
        "java",
      );
      expect([...binary.body]).toEqual([...FILE_BYTES]);
    });

    it("a JSON string with text-block pitfalls: triple quotes, backslash before u, trailing quote", async () => {
      const value = { a: '"""', b: '""""', c: "\\u0041", d: ["x"] };
      const got = await sent(postRequest({ contentType: "application/json", value }), "java");
      expect(got.body.toString("utf8")).toBe(JSON.stringify(value, null, 2));
      received.length = 0;
      const top = await sent(
        postRequest({ contentType: "application/json", value: 'just "a string"' }),
        "java",
      );
      expect(JSON.parse(top.body.toString("utf8"))).toBe('just "a string"');
    });
  });
});

describe("Python samples", () => {
  const compiles = (code: string): void => {
    execFileSync(python.command, ["-c", "import ast,sys; ast.parse(sys.stdin.read())"], {
      input: code,
      timeout: 30_000,
    });
  };

  it("always parse as Python, whatever the body", () => {
    for (const request of [
      getRequest(),
      postRequest({ contentType: "application/json", value: JSON_BODY }),
      postRequest({ contentType: "application/x-www-form-urlencoded", value: FORM_VALUE }),
      postRequest({ contentType: "multipart/form-data", value: MULTIPART_VALUE }),
    ]) {
      expect(() => compiles(sample(request, "python"))).not.toThrow();
    }
  });

  it("write True, False and None, and evaluate to the intended JSON", async () => {
    const code = sample(
      postRequest({ contentType: "application/json", value: JSON_BODY }),
      "python",
    );
    expect(code).toContain('"flag": True,');
    expect(code).toContain('"off": False,');
    expect(code).toContain('"nothing": None,');
    const payload = /payload = ([\s\S]*?)\nheaders = /.exec(code)?.[1] as string;
    const { stdout } = await run(
      python.command,
      ["-c", `import json, sys\nprint(json.dumps(${payload}))`],
      { timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toEqual(JSON_BODY);
  });

  const textFields = () =>
    sample(
      postRequest({ contentType: "multipart/form-data", value: { a: "1", b: ["2", "3"] } }),
      "python",
    );

  it("write multipart text fields without a file as (None, value) parts", () => {
    expect(textFields()).toContain('("a", (None, "1")),');
  });

  it.skipIf(python.skip)("send multipart text fields without a file as multipart too", async () => {
    await runners.python?.(textFields());
    expect(await multipartFields(received[0] as Received)).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["b", "3"],
    ]);
  });
});

describe("Go samples (no Go toolchain here: structure and literal values)", () => {
  it("GET: the URL, headers and cookie as Go reads the literals", () => {
    const code = sample(getRequest(), "go");
    expectGoStructure(code);
    expect(goCalls(code, "http.NewRequest")).toEqual([["GET"]]);
    expect(code).toContain('http.NewRequest("GET", requestURL, nil)');
    expect(goLiteralValue(/requestURL := ("[^\n]*")/.exec(code)?.[1] as string)).toBe(
      `${base}/users/42?${EXPECTED_QUERY}`,
    );
    expect(goCalls(code, "req.Header.Add")).toEqual([
      ["Authorization", "Bearer <token>"],
      ["X-Request-Id", `id "quoted" \\ back $HOME \`x\` 'single'`],
      ["Cookie", "session=abc123; theme=dark%20mode%3B%20yes"],
    ]);
    expect(code).not.toContain("strings");
  });

  it("JSON POST: a raw string literal holding the exact JSON", () => {
    // Without the field that holds backticks, so a raw string literal can hold the JSON.
    const { shell: _shell, ...value } = JSON_BODY;
    const code = sample(postRequest({ contentType: "application/json", value }), "go");
    expectGoStructure(code);
    expect(code).toContain("payload := strings.NewReader(`{\n");
    expect(goCalls(code, "strings.NewReader")).toEqual([[JSON.stringify(value, null, 2)]]);
    expect(goCalls(code, "req.Header.Add")).toEqual([
      ["Authorization", "Bearer <token>"],
      ["Content-Type", "application/json"],
    ]);
  });

  it("JSON with a backtick: an interpreted string literal instead", () => {
    const value = { ...JSON_BODY, tick: "a `quoted` word", control: "\u0001\u007f" };
    const code = sample(postRequest({ contentType: "application/json", value }), "go");
    expectGoStructure(code);
    expect(code).not.toContain("strings.NewReader(`");
    expect(goCalls(code, "strings.NewReader")).toEqual([[JSON.stringify(value, null, 2)]]);
  });

  it("form and multipart bodies", () => {
    const form = sample(
      postRequest({ contentType: "application/x-www-form-urlencoded", value: FORM_VALUE }),
      "go",
    );
    expectGoStructure(form);
    expect(form).toContain('"net/url"');
    expect(goCalls(form, "form.Add")).toEqual(FORM_FIELDS);
    expect(form).toContain("payload := strings.NewReader(form.Encode())");
    const multipart = sample(
      postRequest({ contentType: "multipart/form-data", value: MULTIPART_VALUE }),
      "go",
    );
    expectGoStructure(multipart);
    expect(goCalls(multipart, "\taddFile")).toEqual([["upload", FILE_PLACEHOLDER]]);
    expect(goCalls(multipart, "writer.WriteField")).toEqual(MULTIPART_FIELDS.slice(1));
    expect(multipart).toContain('req.Header.Set("Content-Type", writer.FormDataContentType())');
    expect(multipart).toContain("func addFile(writer *multipart.Writer, field, path string) {");
    const textOnly = sample(
      postRequest({ contentType: "multipart/form-data", value: { a: "1" } }),
      "go",
    );
    expectGoStructure(textOnly);
    expect(textOnly).not.toContain("addFile");
    expect(textOnly).not.toContain('"os"');
  });

  it("plain text and binary bodies", () => {
    const text = sample(postRequest({ contentType: "text/plain", value: "a\r\nb `c`" }), "go");
    expectGoStructure(text);
    expect(goCalls(text, "strings.NewReader")).toEqual([["a\r\nb `c`"]]);
    const binary = sample(
      postRequest({ contentType: "application/octet-stream", value: "<binary>" }),
      "go",
    );
    expectGoStructure(binary);
    expect(binary).toContain(`payload, err := os.Open("${FILE_PLACEHOLDER}")`);
  });
});

describe("languages", () => {
  const request = (): SampleRequest => ({
    method: "GET",
    url: "https://api.example.com/x",
    query: [],
    headers: [],
    cookies: [],
  });

  it("defaults to cURL, JavaScript, Python and Go with their labels and Shiki ids", () => {
    expect(DEFAULT_SAMPLE_LANGUAGES).toEqual(["curl", "javascript", "python", "go"]);
    const { samples, unknown } = generateCodeSamples(request());
    expect(samples.map(({ label, language }) => [label, language])).toEqual([
      ["cURL", "bash"],
      ["JavaScript", "javascript"],
      ["Python", "python"],
      ["Go", "go"],
    ]);
    expect(unknown).toEqual([]);
  });

  it("accepts aliases in any case, keeps the order asked, each language once, and reports unknown names", () => {
    const { samples, unknown } = generateCodeSamples(request(), [
      "Golang",
      "SHELL",
      "node",
      "py",
      "js",
      "TS",
      "java",
      "cobol",
      "ruby",
    ]);
    expect(samples.map((item) => item.label)).toEqual([
      "Go",
      "cURL",
      "JavaScript",
      "Python",
      "TypeScript",
      "Java",
    ]);
    expect(unknown).toEqual(["cobol", "ruby"]);
    for (const name of ["curl", "bash", "sh", "shell"])
      expect(sampleLanguageKey(name)).toBe("curl");
    for (const name of ["javascript", "js", "node", "nodejs"])
      expect(sampleLanguageKey(name)).toBe("javascript");
    for (const name of ["python", "py"]) expect(sampleLanguageKey(name)).toBe("python");
    for (const name of ["go", "golang"]) expect(sampleLanguageKey(name)).toBe("go");
    expect(sampleLanguageKey("toString")).toBeUndefined();
  });

  it("quotes for bash only what needs it, with '\\'' for a single quote", () => {
    const code = sample(
      {
        method: "POST",
        url: "https://api.example.com/x",
        query: [],
        headers: [["X-A", "it's"]],
        cookies: [],
        body: { contentType: "text/plain", value: "a'b" },
      },
      "curl",
    );
    expect(code).toBe(
      "curl --request POST \\\n  --url https://api.example.com/x \\\n  --header 'X-A: it'\\''s' \\\n  --header 'Content-Type: text/plain' \\\n  --data-raw 'a'\\''b'",
    );
  });
});

describe("x-codeSamples", () => {
  it("normalizes language names and labels, and skips malformed entries", () => {
    const samples = renderXCodeSamples({
      "x-codeSamples": [
        { lang: "JavaScript", source: "fetch(1)" },
        { lang: "cURL", label: "Shell (cURL)", source: "curl x" },
        { lang: "Shell", source: "echo" },
        { lang: "C#", source: "var x = 1;" },
        { lang: "Objective-C", source: "[x y];" },
        { lang: "Node.js", label: "", source: "n" },
        { lang: "", source: "no language" },
        { lang: "go" },
        { source: "no lang" },
        "a string",
        null,
        { lang: "python", source: 42 },
      ],
    });
    expect(samples).toEqual([
      { language: "javascript", label: "JavaScript", code: "fetch(1)" },
      { language: "bash", label: "Shell (cURL)", code: "curl x" },
      { language: "bash", label: "Shell", code: "echo" },
      { language: "csharp", label: "C#", code: "var x = 1;" },
      { language: "objective-c", label: "Objective-C", code: "[x y];" },
      { language: "javascript", label: "Node.js", code: "n" },
    ]);
  });

  it("reads x-code-samples when x-codeSamples is absent, and nothing from other shapes", () => {
    expect(
      renderXCodeSamples({ "x-code-samples": [{ lang: "Python", source: "print(1)" }] }),
    ).toEqual([{ language: "python", label: "Python", code: "print(1)" }]);
    expect(renderXCodeSamples({ "x-codeSamples": { lang: "go", source: "x" } })).toEqual([]);
    expect(renderXCodeSamples({})).toEqual([]);
    expect(normalizeSampleLanguage("TypeScript")).toBe("typescript");
    expect(normalizeSampleLanguage("Golang")).toBe("go");
    expect(normalizeSampleLanguage("Visual Basic")).toBe("visual-basic");
  });

  it("names samples by their language when they all share one label, so the tabs can be told apart", () => {
    const label = "List AI agents";
    const samples = renderXCodeSamples({
      "x-codeSamples": [
        { lang: "curl", label, source: "curl x" },
        { lang: "python", label, source: "a()" },
        { lang: "py", label, source: "b()" },
        { lang: "javascript", label, source: "c()" },
        { lang: "Elm", label, source: "d" },
        { lang: "go", label: "Go SDK", source: "e()" },
      ],
    });
    expect(samples.map((sample) => sample.label)).toEqual([
      "cURL",
      "Python",
      "Python (2)",
      "JavaScript",
      "Elm",
      "Go SDK",
    ]);
    expect(samples.map((sample) => sample.language)).toEqual([
      "bash",
      "python",
      "python",
      "javascript",
      "elm",
      "go",
    ]);
  });
});
