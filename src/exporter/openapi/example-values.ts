/**
 * Example values for the API reference pages, chosen from dereferenced OpenAPI 3.1 schemas.
 * Pure and deterministic: the same schema always gives the same example, and odd input (a
 * boolean schema, keywords of the wrong type, `$ref` cycles) gives a sane value, never a throw.
 *
 * Priority inside a schema: `example`, first of `examples`, `const`, `default`, first non-null
 * `enum` value; otherwise a value is built from the type. `x-default` is ignored (it only
 * pre-fills the playground). A schema with no type is read from its keywords (`properties` →
 * object, `items` → array, `format`/`minLength` → string, `minimum` → number); an empty schema
 * (or `true`) means "any value" and gives `{}`. `pattern` is not honoured (no regex generator).
 */
import type { Schema, SchemaDirection } from "./types.ts";

export interface ExampleOptions {
  /** `request` drops `readOnly` properties, `response` drops `writeOnly` ones. */
  direction: SchemaDirection;
  /** Keep only `required` properties, at every level (the smallest valid body). */
  requiredOnly?: boolean;
}

/** One example of a media type; `name` is its key in `examples`. */
export interface NamedExample {
  name?: string;
  summary?: string;
  value: unknown;
}

/** What media type objects and parameters share for examples. */
export interface ExampleSource {
  example?: unknown;
  examples?: Record<string, { value?: unknown; summary?: string; externalValue?: string }>;
  schema?: Schema;
}

/** Levels of objects and arrays an example may nest; deeper parts are left out. */
const MAX_DEPTH = 8;

/** Schemas expanded per example: shared `$ref`s at every level can otherwise grow it exponentially. */
const MAX_NODES = 2000;

/** Keywords that give a value directly; dropped when allOf parts would hide each other. */
const GIVEN_KEYS = ["example", "examples", "const", "default", "enum"];

/** Fixed values per string format, so pages stay the same from one build to the next. */
const FORMAT_EXAMPLES: Record<string, string> = {
  "date-time": "2024-01-15T09:30:00Z",
  date: "2024-01-15",
  time: "09:30:00Z",
  email: "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  hostname: "example.com",
  ipv4: "192.168.0.1",
  ipv6: "2001:db8::1",
  byte: "c3RyaW5n",
  binary: "<binary>",
  password: "password",
};

/** `inside`: the schemas expanded on the current path; meeting one again is a `$ref` cycle. */
type Walk = Required<ExampleOptions> & {
  depth: number;
  inside: Set<object>;
  budget: { left: number };
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * The example a reader would see for a body described by `schema`. Returns `null` when the
 * schema allows nothing (`false`) or is not a schema at all.
 */
export function exampleFromSchema(schema: unknown, options: ExampleOptions): unknown {
  // Without a valid direction, readOnly properties stay and writeOnly ones go (response side).
  const budget = { left: MAX_NODES };
  const walk: Walk = { requiredOnly: false, ...options, depth: 0, inside: new Set(), budget };
  return exampleOf(schema, walk) ?? null;
}

/** `undefined` means "leave this out": a cycle, too deep, or no possible value. */
function exampleOf(schema: unknown, walk: Walk): unknown {
  if (schema === true) return {};
  if (!isObject(schema)) return undefined;
  const given = givenValue(schema);
  if (given) return given.value;
  const stop = walk.inside.has(schema) || walk.depth > MAX_DEPTH || walk.budget.left-- <= 0;
  if (stop) return undefined;
  const inner = { ...walk, inside: new Set(walk.inside).add(schema) };
  return fromType(resolve(schema, inner), inner);
}

/** A value the author wrote down, boxed so that a given `null` still counts. */
function givenValue(schema: Schema): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    return { value: schema.examples[0] };
  }
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return { value: schema.enum.find((v) => v !== null) ?? schema.enum[0] };
  }
  return undefined;
}

/** allOf, oneOf and anyOf folded into one plain schema (the chosen option merged with its siblings). */
function resolve(schema: Schema, walk: Walk): Schema {
  let current = schema;
  for (let round = 0; round < MAX_DEPTH; round++) {
    if (Array.isArray(current.allOf)) {
      current = mergeAllOf(current, new Set(walk.inside));
      continue;
    }
    const key = ["oneOf", "anyOf"].find((k) => Array.isArray(current[k]));
    if (!key) return current;
    const all = current[key] as unknown[];
    const options = all.filter((o): o is Schema => isObject(o) && !walk.inside.has(o));
    const { [key]: _, ...rest } = current;
    // A `null` option only says the value may be missing; show a real one.
    const chosen = options.find((o) => !isNullOnly(o)) ?? options[0];
    if (!chosen) return rest;
    const pinned = discriminatorValue(current, all, chosen);
    current = mergeAllOf({ allOf: [rest, chosen] }, new Set(walk.inside));
    if (pinned) current = pinProperty(current, pinned.name, pinned.value);
  }
  return current;
}

/** One schema from allOf parts: properties merged, required united, other keywords last-wins. */
function mergeAllOf(schema: Schema, seen: Set<object>): Schema {
  seen.add(schema);
  const { allOf, ...own } = schema;
  const parts = Array.isArray(allOf)
    ? allOf.filter((p): p is Schema => isObject(p) && !seen.has(p)).map((p) => mergeAllOf(p, seen))
    : [];
  // Spreads define own keys, so a property named `__proto__` stays a plain key.
  let merged: Schema = {};
  let properties: Schema = {};
  const required = new Set<unknown>();
  let withProperties = 0;
  for (const part of [...parts, own]) {
    merged = { ...merged, ...part };
    if (isObject(part.properties)) {
      withProperties++;
      properties = { ...properties, ...part.properties };
    }
    if (Array.isArray(part.required)) for (const name of part.required) required.add(name);
  }
  if (withProperties > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  // A whole-object example of one part would hide the properties of the others.
  if (withProperties > 1) for (const k of GIVEN_KEYS) delete merged[k];
  return merged;
}

function isNullOnly(schema: Schema): boolean {
  const types = [schema.type].flat();
  return types.length > 0 && types.every((t) => t === "null");
}

/**
 * The discriminator value of the chosen option: the mapping key that names it (mapping targets
 * stay `#/components/schemas/Name` strings, matched against the option's title), else the key at
 * the same position when the mapping lists every option, else the option's title.
 */
function discriminatorValue(schema: Schema, options: unknown[], chosen: Schema) {
  const { discriminator } = schema;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== "string") return undefined;
  const mapping = isObject(discriminator.mapping) ? Object.entries(discriminator.mapping) : [];
  const title = typeof chosen.title === "string" ? chosen.title : undefined;
  const named = mapping.find(
    ([, target]) =>
      target === chosen ||
      (typeof target === "string" && title !== undefined && target.split("/").pop() === title),
  );
  const index = options.indexOf(chosen);
  const positional = mapping.length === options.length ? mapping[index]?.[0] : undefined;
  const value = named?.[0] ?? positional ?? title;
  return value === undefined ? undefined : { name: discriminator.propertyName, value };
}

/** The schema with `name` fixed to `value` (and required, so requiredOnly keeps it). */
function pinProperty(schema: Schema, name: string, value: string): Schema {
  const properties = {
    ...(isObject(schema.properties) ? schema.properties : {}),
    [name]: { const: value },
  };
  const required = Array.isArray(schema.required) ? schema.required : [];
  return { ...schema, properties, required: [...required, name] };
}

/** 3.1 type arrays give their first non-null type; untyped schemas are read from their keywords. */
function typeOf(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const first = type.find((t) => typeof t === "string" && t !== "null");
    if (typeof first === "string") return first;
    if (type.includes("null")) return "null";
  }
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return "object";
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return "array";
  if (["format", "pattern", "minLength", "maxLength"].some((k) => k in schema)) return "string";
  if (["minimum", "maximum", "exclusiveMinimum", "multipleOf"].some((k) => k in schema)) {
    return "number";
  }
  return undefined;
}

function fromType(schema: Schema, walk: Walk): unknown {
  const given = givenValue(schema);
  if (given) return given.value;
  const type = typeOf(schema);
  const inner = { ...walk, depth: walk.depth + 1 };
  if (type === "object") return objectExample(schema, inner);
  if (type === "array") return arrayExample(schema, inner);
  if (type === "string") return stringExample(schema);
  if (type === "integer" || type === "number") return numberExample(schema, type === "integer");
  // Anything else (no type at all, an unknown one) stands for "any value".
  return type === "boolean" ? true : type === "null" ? null : {};
}

function objectExample(schema: Schema, walk: Walk): Record<string, unknown> {
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  const hiddenKey = walk.direction === "request" ? "readOnly" : "writeOnly";
  const entries: [string, unknown][] = [];
  for (const [name, property] of properties) {
    if (walk.requiredOnly && !required.includes(name)) continue;
    if (isHidden(property, hiddenKey)) continue;
    const value = exampleOf(property, walk);
    if (value !== undefined) entries.push([name, value]);
  }
  // A map-like object: one sample entry shows the shape of its values.
  if (properties.length === 0 && !walk.requiredOnly && isObject(schema.additionalProperties)) {
    const value = exampleOf(schema.additionalProperties, walk);
    if (value !== undefined) entries.push(["key", value]);
  }
  return Object.fromEntries(entries);
}

/** readOnly/writeOnly set on the property or on an allOf part of it (a wrapped `$ref`). */
function isHidden(property: unknown, key: string): boolean {
  if (!isObject(property)) return false;
  if (property[key] === true) return true;
  return (
    Array.isArray(property.allOf) && property.allOf.some((p) => isObject(p) && p[key] === true)
  );
}

/** One item, or one per position for a tuple (`prefixItems`, or a 3.0-era `items` array). */
function arrayExample(schema: Schema, walk: Walk): unknown[] {
  const { items, prefixItems } = schema;
  const tuple = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : undefined;
  const schemas = tuple ?? (items === undefined ? [] : [items]);
  return schemas.map((s) => exampleOf(s, walk)).filter((v) => v !== undefined);
}

/** By format, else `"string"` stretched or cut to minLength/maxLength. */
function stringExample(schema: Schema): string {
  const format = String(schema.format);
  if (Object.hasOwn(FORMAT_EXAMPLES, format)) return FORMAT_EXAMPLES[format] as string;
  const min = isNumber(schema.minLength) ? Math.min(Math.max(schema.minLength, 0), 256) : 0;
  const max = isNumber(schema.maxLength) && schema.maxLength >= 0 ? schema.maxLength : Infinity;
  return "string".padEnd(min, "string").slice(0, max);
}

/** 0, moved onto the lower bound when there is one (or the upper bound when it is below 0). */
function numberExample(schema: Schema, integer: boolean): number {
  const { minimum: min, maximum: max, exclusiveMinimum: exMin, exclusiveMaximum: exMax } = schema;
  // 3.1 gives an exclusive bound as a number; 3.0 as `true` beside minimum/maximum.
  const low = isNumber(exMin) ? exMin + 1 : isNumber(min) ? min + (exMin === true ? 1 : 0) : NaN;
  const high = isNumber(exMax) ? exMax - 1 : isNumber(max) ? max - (exMax === true ? 1 : 0) : NaN;
  if (isNumber(low)) return integer ? Math.ceil(low) : low;
  if (isNumber(high) && high < 0) return integer ? Math.floor(high) : high;
  return 0;
}

/** Named `examples` entries in order; entries with only an `externalValue` have nothing to show. */
function namedExamples(examples: unknown): NamedExample[] {
  if (Array.isArray(examples)) return examples.map((value) => ({ value })); // 3.1 schema style, misplaced
  if (!isObject(examples)) return [];
  const out: NamedExample[] = [];
  for (const [name, entry] of Object.entries(examples)) {
    if (!isObject(entry) || entry.value === undefined) continue;
    const summary = typeof entry.summary === "string" ? { summary: entry.summary } : {};
    out.push({ name, ...summary, value: entry.value });
  }
  return out;
}

/** A media type's examples: its own `example`, else each named `examples` entry, else one from the schema. */
export function exampleFromMedia(media: ExampleSource, direction: SchemaDirection): NamedExample[] {
  if (!isObject(media)) return [];
  if (media.example !== undefined) return [{ value: media.example }];
  const named = namedExamples(media.examples);
  if (named.length > 0) return named;
  return media.schema === undefined
    ? []
    : [{ value: exampleFromSchema(media.schema, { direction }) }];
}

/**
 * A parameter's example, same priority (`example`, first named entry, schema); a parameter
 * described by `content` takes its first media type's. `undefined` when nothing describes it.
 */
export function exampleForParameter(
  parameter: ExampleSource & { content?: Record<string, ExampleSource> },
): unknown {
  if (!isObject(parameter)) return undefined;
  if (parameter.example !== undefined) return parameter.example;
  const named = namedExamples(parameter.examples)[0];
  if (named) return named.value;
  if (parameter.schema !== undefined) {
    return exampleFromSchema(parameter.schema, { direction: "request" });
  }
  const media = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  return exampleFromMedia(media as ExampleSource, "request")[0]?.value;
}

/**
 * Example text for a page: pretty JSON (2 spaces). Strings are returned as they are (a
 * text/plain body), except JSON text, which is re-indented, and strings for a JSON
 * `contentType`, which are quoted as the JSON body they are.
 */
export function formatExample(value: unknown, contentType?: string): string {
  const isJsonText = typeof value === "string" && /^\s*[[{]/.test(value);
  try {
    if (isJsonText) return JSON.stringify(JSON.parse(value), null, 2);
    if (typeof value === "string" && !/[/+]json\b/i.test(contentType ?? "")) return value;
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    // Text that only looks like JSON stays as is; a cycle or a BigInt is shown rather than thrown.
    return typeof value === "string" ? value : Object.prototype.toString.call(value);
  }
}
