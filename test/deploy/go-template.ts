// A small renderer of Helm chart templates for the tests, where there is no helm binary: Go's
// text/template syntax (actions with `{{-`/`-}}` trimming, comments, pipelines, parentheses,
// variables, if/else if/else, with, range, define, include), Helm's `fail` and the handful of
// Sprig functions the chart uses, with Helm's conventions (numbers from values are float64, a
// missing key is an error as under `helm lint --strict`, `toYaml` without its final newline).
// Anything outside this subset throws, so a template that grows past it fails the test instead
// of rendering wrongly.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";

type Value = unknown;

type Node =
  | { kind: "text"; text: string }
  | { kind: "action"; pipe: Pipeline }
  | { kind: "if"; branches: { pipe: Pipeline; body: Node[] }[]; otherwise: Node[] }
  | { kind: "with"; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { kind: "range"; pipe: Pipeline; body: Node[]; otherwise: Node[] };

interface Pipeline {
  declare?: { name: string; assign: boolean };
  commands: Operand[][];
}

type Operand =
  | { kind: "literal"; value: Value }
  | { kind: "field"; base: "dot" | string; path: string[] }
  | { kind: "identifier"; name: string }
  | { kind: "pipe"; pipe: Pipeline };

type Token = { type: "text"; text: string } | { type: "action"; body: string; where: string };

/** Splits a template into text and actions, applying `{{-` and `-}}` whitespace trimming. */
function tokenize(source: string, file: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  let trimNext = false;
  while (position < source.length) {
    const open = source.indexOf("{{", position);
    let text = source.slice(position, open < 0 ? source.length : open);
    if (trimNext) text = text.replace(/^\s+/, "");
    trimNext = false;
    if (open < 0) {
      tokens.push({ type: "text", text });
      break;
    }
    const close = source.indexOf("}}", open);
    if (close < 0) throw new Error(`${file}: unclosed action`);
    let body = source.slice(open + 2, close);
    const line = source.slice(0, open).split("\n").length;
    if (/^-\s/.test(body)) {
      text = text.replace(/\s+$/, "");
      body = body.slice(1);
    }
    if (/\s-$/.test(body)) {
      trimNext = true;
      body = body.slice(0, -1);
    }
    tokens.push({ type: "text", text });
    body = body.trim();
    if (!(body.startsWith("/*") && body.endsWith("*/")))
      tokens.push({ type: "action", body, where: `${file}:${line}` });
    position = close + 2;
  }
  return tokens.filter((token) => token.type === "action" || token.text !== "");
}

const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Parses one action's pipeline: `[$x :=] command | command ...`. */
function parsePipeline(text: string, where: string): Pipeline {
  let rest = text.trim();
  const fail = (message: string): never => {
    throw new Error(`${where}: ${message} in {{ ${text} }}`);
  };
  const readOperand = (): Operand => {
    rest = rest.trimStart();
    if (rest.startsWith("(")) {
      let depth = 0;
      let end = 0;
      let inString = false;
      for (; end < rest.length; end++) {
        const char = rest[end];
        if (inString) {
          if (char === "\\") end++;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === "(") depth++;
        else if (char === ")" && --depth === 0) break;
      }
      if (depth !== 0) fail("unbalanced parentheses");
      const inner = rest.slice(1, end);
      rest = rest.slice(end + 1);
      if (/^\.[A-Za-z_]/.test(rest)) fail("a field of a parenthesized pipeline is not supported");
      return { kind: "pipe", pipe: parsePipeline(inner, where) };
    }
    const string = /^"(?:[^"\\]|\\.)*"/.exec(rest) ?? /^`[^`]*`/.exec(rest);
    if (string) {
      rest = rest.slice(string[0].length);
      const raw = string[0];
      return { kind: "literal", value: raw.startsWith("`") ? raw.slice(1, -1) : JSON.parse(raw) };
    }
    const number = /^-?\d+(\.\d+)?(?![A-Za-z_])/.exec(rest);
    if (number) {
      rest = rest.slice(number[0].length);
      return { kind: "literal", value: Number(number[0]) };
    }
    const field = /^(\$[A-Za-z0-9_]*|)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\.?)/.exec(rest);
    if (field && (field[1] || field[2] || field[3])) {
      rest = rest.slice(field[0].length);
      const path = field[2] ? field[2].slice(1).split(".") : [];
      return { kind: "field", base: field[1] ? field[1] : "dot", path };
    }
    const word = WORD.exec(rest);
    if (word) {
      rest = rest.slice(word[0].length);
      if (word[0] === "true" || word[0] === "false")
        return { kind: "literal", value: word[0] === "true" };
      if (word[0] === "nil") return { kind: "literal", value: null };
      return { kind: "identifier", name: word[0] };
    }
    return fail(`cannot read "${rest.slice(0, 20)}"`);
  };

  const pipeline: Pipeline = { commands: [] };
  const declaration = /^(\$[A-Za-z0-9_]+)\s*(:?=)\s*/.exec(rest);
  if (declaration) {
    pipeline.declare = { name: declaration[1] as string, assign: declaration[2] === "=" };
    rest = rest.slice(declaration[0].length);
  }
  let command: Operand[] = [];
  for (;;) {
    rest = rest.trimStart();
    if (rest === "") break;
    if (rest.startsWith("|")) {
      if (command.length === 0) fail("empty command");
      pipeline.commands.push(command);
      command = [];
      rest = rest.slice(1);
      continue;
    }
    command.push(readOperand());
  }
  if (command.length === 0) fail("empty command");
  pipeline.commands.push(command);
  return pipeline;
}

/** Builds the tree of one file; `define` blocks go to `defines`. */
function parseTemplate(source: string, file: string, defines: Map<string, Node[]>): Node[] {
  const tokens = tokenize(source, file);
  let index = 0;
  /** Parses nodes until an `end` or `else …` at this level; returns that closing action. */
  const parseList = (): { nodes: Node[]; closer?: { body: string; where: string } } => {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index++] as Token;
      if (token.type === "text") {
        nodes.push({ kind: "text", text: token.text });
        continue;
      }
      const { body, where } = token;
      const keyword = /^(if|else|end|with|range|define|template|block)\b/.exec(body)?.[1];
      if (keyword === "end" || keyword === "else") return { nodes, closer: { body, where } };
      if (keyword === "if") {
        const branches = [{ pipe: parsePipeline(body.slice(2), where), body: [] as Node[] }];
        let otherwise: Node[] = [];
        for (;;) {
          const { nodes: inner, closer } = parseList();
          if (!closer) throw new Error(`${where}: if without end`);
          (branches.at(-1) as { body: Node[] }).body = inner;
          if (closer.body === "end") break;
          const elseIf = /^else\s+if\s+(.+)$/s.exec(closer.body);
          if (elseIf) {
            branches.push({ pipe: parsePipeline(elseIf[1] as string, closer.where), body: [] });
            continue;
          }
          if (closer.body !== "else")
            throw new Error(`${closer.where}: unsupported ${closer.body}`);
          const last = parseList();
          if (last.closer?.body !== "end") throw new Error(`${closer.where}: else without end`);
          otherwise = last.nodes;
          break;
        }
        nodes.push({ kind: "if", branches, otherwise });
      } else if (keyword === "with" || keyword === "range") {
        const pipe = parsePipeline(body.slice(keyword.length), where);
        if (pipe.declare) throw new Error(`${where}: ${keyword} with variables is not supported`);
        const first = parseList();
        let otherwise: Node[] = [];
        if (first.closer?.body === "else") {
          const last = parseList();
          if (last.closer?.body !== "end") throw new Error(`${where}: else without end`);
          otherwise = last.nodes;
        } else if (first.closer?.body !== "end") {
          throw new Error(`${where}: ${keyword} without end`);
        }
        nodes.push({ kind: keyword, pipe, body: first.nodes, otherwise });
      } else if (keyword === "define") {
        const name = /^define\s+"([^"]+)"$/.exec(body)?.[1];
        if (!name) throw new Error(`${where}: cannot read ${body}`);
        const inner = parseList();
        if (inner.closer?.body !== "end") throw new Error(`${where}: define without end`);
        defines.set(name, inner.nodes);
      } else if (keyword) {
        throw new Error(`${where}: {{ ${keyword} }} is not supported here`);
      } else {
        nodes.push({ kind: "action", pipe: parsePipeline(body, where) });
      }
    }
    return { nodes };
  };
  const { nodes, closer } = parseList();
  if (closer) throw new Error(`${closer.where}: unexpected {{ ${closer.body} }}`);
  return nodes;
}

/** Go's `%v` of a value from a values file (numbers are float64 in Helm). */
function goString(value: Value): string {
  if (value === null || value === undefined) return "<no value>";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (value === 0) return "0";
    const exponent = Math.floor(Math.log10(Math.abs(value)));
    // Go's %v of a float64 is %g at the shortest precision: an exponent from 1e+06 on.
    if (exponent < -4 || exponent >= 6) {
      const [mantissa, power] = value.toExponential().split("e");
      const sign = (power as string).startsWith("-") ? "-" : "+";
      return `${mantissa}e${sign}${(power as string).replace(/^[-+]/, "").padStart(2, "0")}`;
    }
    return String(value);
  }
  throw new Error(`cannot print ${JSON.stringify(value)} in a template`);
}

/** Go template truth: false, 0, nil and empty strings, maps and lists are false. */
function truthy(value: Value): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "")
    return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value as object).length > 0;
  return true;
}

function formatPrintf(format: string, args: Value[]): string {
  let next = 0;
  return format.replace(/%[sdvq%]/g, (verb) => {
    if (verb === "%%") return "%";
    const value = args[next++];
    return verb === "%q" ? JSON.stringify(goString(value)) : goString(value);
  });
}

interface Scope {
  variables: Map<string, Value>;
  parent?: Scope;
}

function lookupVariable(scope: Scope | undefined, name: string): Value {
  for (let current = scope; current; current = current.parent)
    if (current.variables.has(name)) return current.variables.get(name);
  throw new Error(`undefined variable ${name}`);
}

export interface ChartContext {
  Values: Record<string, Value>;
  Chart: { Name: string; Version: string; AppVersion: string };
  Release: { Name: string; Namespace: string; Service: string };
  Template: { BasePath: string };
}

/** The chart's templates, parsed once: render them with any values. */
export class Chart {
  readonly directory: string;
  readonly metadata: { name: string; version: string; appVersion: string };
  readonly defaultValues: Record<string, Value>;
  readonly files: Map<string, Node[]> = new Map();
  readonly #defines = new Map<string, Node[]>();

  constructor(directory: string) {
    this.directory = directory;
    this.metadata = parseYaml(readFileSync(path.join(directory, "Chart.yaml"), "utf8"));
    this.defaultValues = parseYaml(readFileSync(path.join(directory, "values.yaml"), "utf8"));
    const templates = path.join(directory, "templates");
    for (const name of readdirSync(templates).sort()) {
      const source = readFileSync(path.join(templates, name), "utf8");
      const nodes = parseTemplate(source, `templates/${name}`, this.#defines);
      if (!name.startsWith("_")) this.files.set(`${this.metadata.name}/templates/${name}`, nodes);
    }
  }

  /**
   * Renders every template with the chart's values and `overrides` merged over them (as
   * `--set` does: maps merge, anything else replaces). Returns each file's output by name.
   */
  render(
    overrides: Record<string, Value> = {},
    release = { Name: "docs", Namespace: "web" },
  ): Map<string, string> {
    const context: ChartContext = {
      Values: merge(structuredClone(this.defaultValues), overrides) as Record<string, Value>,
      Chart: {
        Name: this.metadata.name,
        Version: this.metadata.version,
        AppVersion: this.metadata.appVersion,
      },
      Release: { ...release, Service: "Helm" },
      Template: { BasePath: `${this.metadata.name}/templates` },
    };
    const output = new Map<string, string>();
    for (const name of this.files.keys())
      output.set(name.split("/").at(-1) as string, this.#renderFile(name, context));
    return output;
  }

  #renderFile(name: string, context: ChartContext): string {
    const nodes = this.files.get(name);
    if (!nodes) throw new Error(`no template ${name}`);
    return this.#run(nodes, context, context, { variables: new Map([["$", context]]) }).replaceAll(
      "<no value>",
      "",
    );
  }

  #run(nodes: Node[], dot: Value, root: ChartContext, parent: Scope): string {
    const scope: Scope = { variables: new Map(), parent };
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text") out += node.text;
      else if (node.kind === "action") {
        const value = this.#pipeline(node.pipe, dot, root, scope);
        if (!node.pipe.declare) out += goString(value);
      } else if (node.kind === "if") {
        const branch = node.branches.find((candidate) =>
          truthy(this.#pipeline(candidate.pipe, dot, root, scope)),
        );
        out += this.#run(branch ? branch.body : node.otherwise, dot, root, scope);
      } else if (node.kind === "with") {
        const value = this.#pipeline(node.pipe, dot, root, scope);
        out += truthy(value)
          ? this.#run(node.body, value, root, scope)
          : this.#run(node.otherwise, dot, root, scope);
      } else {
        const value = this.#pipeline(node.pipe, dot, root, scope);
        const items = Array.isArray(value)
          ? value
          : value && typeof value === "object"
            ? Object.keys(value)
                .sort()
                .map((key) => (value as Record<string, Value>)[key])
            : [];
        if (items.length === 0) out += this.#run(node.otherwise, dot, root, scope);
        for (const item of items) out += this.#run(node.body, item, root, scope);
      }
    }
    return out;
  }

  #pipeline(pipe: Pipeline, dot: Value, root: ChartContext, scope: Scope): Value {
    let value: Value;
    let piped = false;
    for (const command of pipe.commands) {
      value = this.#command(command, dot, root, scope, piped ? [value] : []);
      piped = true;
    }
    if (pipe.declare) {
      if (pipe.declare.assign) {
        let target: Scope | undefined = scope;
        while (target && !target.variables.has(pipe.declare.name)) target = target.parent;
        if (!target) throw new Error(`assignment to undeclared ${pipe.declare.name}`);
        target.variables.set(pipe.declare.name, value);
      } else scope.variables.set(pipe.declare.name, value);
    }
    return value;
  }

  #operand(operand: Operand, dot: Value, root: ChartContext, scope: Scope): Value {
    if (operand.kind === "literal") return operand.value;
    if (operand.kind === "pipe") return this.#pipeline(operand.pipe, dot, root, scope);
    if (operand.kind === "identifier") throw new Error(`${operand.name} is not a value`);
    let value = operand.base === "dot" ? dot : lookupVariable(scope, operand.base);
    let walked = operand.base === "dot" ? "" : operand.base;
    for (const key of operand.path) {
      if (value === null || value === undefined || typeof value !== "object")
        throw new Error(`nil pointer evaluating ${walked || "."}.${key}`);
      if (!Object.hasOwn(value, key))
        throw new Error(`map has no entry for key "${key}" (at ${walked}.${key})`);
      value = (value as Record<string, Value>)[key];
      walked += `.${key}`;
    }
    return value;
  }

  #command(
    command: Operand[],
    dot: Value,
    root: ChartContext,
    scope: Scope,
    piped: Value[],
  ): Value {
    const [head, ...rest] = command as [Operand, ...Operand[]];
    if (head.kind !== "identifier") {
      if (rest.length > 0 || piped.length > 0)
        throw new Error("arguments to a non-function are not supported");
      return this.#operand(head, dot, root, scope);
    }
    const name = head.name;
    // and/or stop at the first operand that decides them, as Go's do.
    if (name === "and" || name === "or") {
      const operands = [...rest.map((operand) => () => this.#operand(operand, dot, root, scope))];
      for (const value of piped) operands.push(() => value);
      let last: Value;
      for (const read of operands) {
        last = read();
        if (truthy(last) === (name === "or")) return last;
      }
      return last;
    }
    const args = [...rest.map((operand) => this.#operand(operand, dot, root, scope)), ...piped];
    const text = (value: Value) => (typeof value === "string" ? value : goString(value));
    switch (name) {
      case "include": {
        const [template, data] = args;
        const nodes = this.#defines.get(template as string) ?? this.files.get(template as string);
        if (!nodes) throw new Error(`include of an unknown template ${String(template)}`);
        return this.#run(nodes, data, root, { variables: new Map([["$", data]]) });
      }
      case "toYaml":
        return toYaml(args[0]);
      case "nindent":
      case "indent": {
        const pad = " ".repeat(args[0] as number);
        const indented = text(args[1])
          .split("\n")
          .map((line) => pad + line)
          .join("\n");
        return name === "nindent" ? `\n${indented}` : indented;
      }
      case "quote":
        return args
          .filter((value) => value !== null && value !== undefined)
          .map((value) => JSON.stringify(text(value)))
          .join(" ");
      case "default":
        return args.length > 1 && truthy(args[1]) ? args[1] : args[0];
      case "trunc":
        return text(args[1]).slice(0, args[0] as number);
      case "trimSuffix": {
        const suffix = args[0] as string;
        const value = text(args[1]);
        return suffix && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value;
      }
      case "replace":
        return text(args[2]).replaceAll(args[0] as string, args[1] as string);
      case "contains":
        return text(args[1]).includes(args[0] as string);
      case "ternary":
        return truthy(args[2]) ? args[0] : args[1];
      case "not":
        return !truthy(args[0]);
      case "eq":
        return args.slice(1).some((value) => value === args[0]);
      case "ne":
        return args[0] !== args[1];
      case "sha256sum":
        return createHash("sha256").update(text(args[0])).digest("hex");
      case "toString":
        return text(args[0]);
      case "print":
        // fmt.Sprint: a space between two operands only when neither is a string.
        return args
          .map((value, index) =>
            index > 0 && typeof value !== "string" && typeof args[index - 1] !== "string"
              ? ` ${text(value)}`
              : text(value),
          )
          .join("");
      case "printf":
        return formatPrintf(args[0] as string, args.slice(1));
      case "lower":
        return text(args[0]).toLowerCase();
      case "hasPrefix":
        return text(args[1]).startsWith(text(args[0]));
      case "join": {
        // Sprig's join: the list's items printed and joined; nil items left out.
        if (!Array.isArray(args[1])) throw new Error("join of something that is not a list");
        return args[1]
          .filter((item) => item !== null && item !== undefined)
          .map(text)
          .join(text(args[0]));
      }
      case "has": {
        // Sprig's has: whether a list holds the needle (nil is no list: false).
        const [needle, haystack] = args;
        if (haystack === null || haystack === undefined) return false;
        if (!Array.isArray(haystack)) throw new Error("has on something that is not a list");
        if (needle !== null && typeof needle === "object")
          throw new Error("has of a map or list is not supported by the test renderer");
        return haystack.includes(needle);
      }
      case "add": {
        // Sprig's add makes int64s of its operands: numbers only here (Sprig would also read
        // numeric strings, and make 0 of anything else).
        for (const value of args)
          if (typeof value !== "number")
            throw new Error(`add of ${JSON.stringify(value)}: only numbers are supported here`);
        return (args as number[]).reduce((sum, value) => sum + Math.trunc(value), 0);
      }
      case "fail":
        // Helm's fail: rendering stops with this message.
        throw new TemplateFailure(text(args[0]));
      default:
        throw new Error(`the function ${name} is not supported by the test renderer`);
    }
  }
}

/** What Helm's `fail` raises: the chart refuses its values, with this message. */
export class TemplateFailure extends Error {
  constructor(message: string) {
    super(`execution error: ${message}`);
    this.name = "TemplateFailure";
  }
}

/** Helm's toYaml: keys sorted, no final newline, `{}` for an empty map. */
function toYaml(value: Value): string {
  if (value === null || value === undefined) return "null";
  return stringifyYaml(value, { sortMapEntries: true, indentSeq: false, lineWidth: 0 }).replace(
    /\n$/,
    "",
  );
}

/** Merges `overrides` into `base` as `--set` and `-f` do: maps merge key by key. */
export function merge(base: Value, overrides: Value): Value {
  if (
    !overrides ||
    typeof overrides !== "object" ||
    Array.isArray(overrides) ||
    !base ||
    typeof base !== "object" ||
    Array.isArray(base)
  )
    return overrides;
  const result = base as Record<string, Value>;
  for (const [key, value] of Object.entries(overrides as Record<string, Value>))
    result[key] = key in result ? merge(result[key], value) : value;
  return result;
}

/** `--set a.b=true --set-string c.d=x` as the values object helm makes of them. */
export function setFlagsToValues(flags: { flag: string; value: string }[]): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const { flag, value } of flags) {
    const equals = value.indexOf("=");
    if (equals < 0) throw new Error(`${flag} ${value}: no =`);
    const key = value.slice(0, equals);
    const raw = value.slice(equals + 1);
    // Helm splits --set and --set-string values at commas and reads backslashes as escapes.
    if (/[,\\]/.test(raw))
      throw new Error(`${flag} ${value}: commas and backslashes are syntax in ${flag}`);
    // --set types a value as helm does: true, false and null in any case, and whole numbers
    // that do not start with 0 (but 0 itself); anything else, 2.10 included, stays a string.
    let parsed: Value = raw;
    if (flag === "--set") {
      if (/^(true|false)$/i.test(raw)) parsed = raw.toLowerCase() === "true";
      else if (/^null$/i.test(raw)) parsed = null;
      else if (raw === "0" || /^-?[1-9]\d*$/.test(raw)) parsed = Number(raw);
    }
    const parts = key.split(".");
    let node = values;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, Value>;
    }
    node[parts.at(-1) as string] = parsed;
  }
  return values;
}
