import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { field } from "../components/fields.ts";
import { slug } from "../components/props.ts";
import type { ComponentContext } from "../components/types.ts";
import { fillMessage } from "../messages/index.ts";
import { definitionOf } from "./spec-loader.ts";
import type { Schema, SchemaDirection } from "./types.ts";

/** How deep nested properties are shown; deeper levels are rare and would only repeat. */
const MAX_DEPTH = 8;

/**
 * Fields an object's attributes must come to before a page shows them once and links to them
 * wherever the same schema appears again: below it, a small object reads better repeated.
 */
const LINK_REPEATS_FROM = 12;

/**
 * The schemas each page already shows, by direction (a request leaves out readOnly fields, a
 * response writeOnly ones), with the id of the field showing them. Keyed by the page's context.
 */
const shownOnPage = new WeakMap<ComponentContext, Record<SchemaDirection, Map<object, string>>>();

function shownSchemas(context: ComponentContext, direction: SchemaDirection): Map<object, string> {
  let shown = shownOnPage.get(context);
  if (!shown) {
    shown = { request: new Map(), response: new Map() };
    shownOnPage.set(context, shown);
  }
  return shown[direction];
}

export interface SchemaViewOptions {
  direction: SchemaDirection;
  context: ComponentContext;
  /** Nested properties start open (`api.params.expanded: "all"`). */
  expanded: boolean;
  /** Field id prefix, unique on the page: `body`, `response-200`. */
  idPrefix: string;
  /** Extra pills from docs.json `api.params.post`: schema keys whose values are shown. */
  postKeys?: string[];
}

/**
 * A schema as a reader browses it: one field per property (type, required, read/write-only,
 * deprecated, default, enum, limits, description), nested objects and arrays of objects
 * collapsed under "Show child attributes", `oneOf`/`anyOf` as their options, `allOf` merged.
 * A schema met again inside itself (a `$ref` cycle) is named, not expanded. A large object
 * the page already shows (a `$ref` used in many places) links to where it is shown: an API
 * whose entities nest each other would otherwise repeat them into pages of megabytes.
 */
export function schemaFields(schema: Schema, options: SchemaViewOptions): ElementContent[] {
  return new SchemaView(options).fields(merged(schema), [], 0, options.idPrefix);
}

/** The short type of a schema: `string<uuid>`, `integer`, `User[]`, `object`, `string | null`. */
export function typeLabel(schema: Schema): string {
  const value = merged(schema);
  if (Array.isArray(value.oneOf) || Array.isArray(value.anyOf)) {
    const options = ((value.oneOf ?? value.anyOf) as Schema[]).filter(isSchema);
    return [...new Set(options.map((option) => typeLabel(option)))].join(" | ") || "any";
  }
  const types = Array.isArray(value.type)
    ? (value.type as string[])
    : typeof value.type === "string"
      ? [value.type]
      : [];
  const main = types.filter((type) => type !== "null");
  let label =
    main[0] ??
    (value.properties
      ? "object"
      : value.items
        ? "array"
        : value.enum
          ? "enum"
          : value.const !== undefined
            ? "const"
            : "any");
  // A named object reads better by its name (`User`) than as `object`.
  if (label === "object" && typeof value.title === "string" && value.title.trim())
    label = value.title.trim();
  if (label === "array" && isSchema(value.items)) {
    const item = merged(value.items as Schema);
    const itemLabel =
      typeof item.title === "string" && (item.properties || item.type === "object")
        ? item.title
        : typeLabel(item);
    label = `${itemLabel.includes(" ") ? `(${itemLabel})` : itemLabel}[]`;
  } else if (typeof value.format === "string" && label !== "object")
    label = `${label}<${value.format}>`;
  if (main.length > 1) label = main.join(" | ");
  return types.includes("null") || value.nullable === true ? `${label} | null` : label;
}

class SchemaView {
  private readonly options: SchemaViewOptions;
  /** By the definition they come from (`definitionOf`): every use of a `$ref` is a copy. */
  private readonly shown: Map<object, string>;
  /** Fields made so far: what an object's attributes came to. */
  private fieldCount = 0;

  constructor(options: SchemaViewOptions) {
    this.options = options;
    this.shown = shownSchemas(options.context, options.direction);
  }

  /** The fields of an object schema (or the one field of a schema that is not an object). */
  fields(schema: Schema, ancestors: Schema[], depth: number, idPrefix: string): ElementContent[] {
    const properties =
      schema.properties && typeof schema.properties === "object"
        ? (schema.properties as Record<string, unknown>)
        : undefined;
    const nodes: ElementContent[] = [];
    if (properties) {
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [name, raw] of Object.entries(properties)) {
        if (!isSchema(raw)) continue;
        const property = merged(raw);
        if (this.options.direction === "request" && property.readOnly === true) continue;
        if (this.options.direction === "response" && property.writeOnly === true) continue;
        nodes.push(
          this.field(name, property, required.has(name), [...ancestors, schema], depth, idPrefix),
        );
      }
    }
    if (
      isSchema(schema.additionalProperties) &&
      Object.keys(schema.additionalProperties as Schema).length > 0
    ) {
      nodes.push(
        this.field(
          "{key}",
          merged(schema.additionalProperties as Schema),
          false,
          [...ancestors, schema],
          depth,
          idPrefix,
          this.options.context.messages.anyOtherKey,
        ),
      );
    }
    const variants = this.variants(schema, ancestors, depth, idPrefix);
    if (variants) nodes.push(variants);
    if (nodes.length === 0 && !properties) {
      const children = this.describe(schema, ancestors, depth, idPrefix);
      if (children.length > 0)
        nodes.push(
          h("div", { className: ["schema-summary"] }, [
            h("p", [h("code", typeLabel(schema))]),
            ...children,
          ]) as Element,
        );
    }
    return nodes;
  }

  private field(
    name: string,
    schema: Schema,
    required: boolean,
    ancestors: Schema[],
    depth: number,
    idPrefix: string,
    note?: string,
  ): Element {
    const pills: string[] = [];
    const messages = this.options.context.messages;
    if (schema.readOnly === true) pills.push(messages.readOnly);
    if (schema.writeOnly === true) pills.push(messages.writeOnly);
    for (const key of this.options.postKeys ?? []) pills.push(...pillValues(schema[key], key));
    const mint =
      schema["x-mint"] && typeof schema["x-mint"] === "object"
        ? (schema["x-mint"] as Record<string, unknown>)
        : {};
    this.fieldCount++;
    const id = this.options.context.uniqueId(`${idPrefix}-${slug(name) || "field"}`);
    const children = this.describe(schema, ancestors, depth, id, note);
    return field(
      {
        name,
        type: typeLabel(schema),
        required,
        deprecated: schema.deprecated === true,
        defaultValue: schema.default === undefined ? undefined : literal(schema.default),
        pre: stringList(mint.pre),
        post: [...pills, ...stringList(mint.post)],
        id,
      },
      children,
      this.options.context.messages,
    );
  }

  /** Description, enum, limits, example, then nested properties, collapsed. */
  private describe(
    schema: Schema,
    ancestors: Schema[],
    depth: number,
    idPrefix: string,
    note?: string,
  ): ElementContent[] {
    const children: ElementContent[] = [];
    if (note) children.push(h("p", { className: ["field-note"] }, note) as Element);
    if (typeof schema.description === "string" && schema.description.trim())
      children.push(...this.options.context.markdown(schema.description));
    const values = Array.isArray(schema.enum)
      ? schema.enum
      : schema.const !== undefined
        ? [schema.const]
        : undefined;
    if (values && values.length > 0)
      children.push(
        h("p", { className: ["field-enum"] }, [
          `${this.options.context.messages.availableOptions} `,
          ...joinCodes(values.map(literal)),
        ]) as Element,
      );
    const limits = constraints(schema);
    if (limits.length > 0)
      children.push(
        h("p", { className: ["field-limits"] }, [
          `${this.options.context.messages.constraintsLabel} `,
          ...joinCodes(limits),
        ]) as Element,
      );
    const example =
      schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
    if (example !== undefined && (typeof example !== "object" || example === null))
      children.push(
        h("p", { className: ["field-example"] }, [
          `${this.options.context.messages.exampleLabel} `,
          h("code", literal(example)),
        ]) as Element,
      );
    const nested = this.nested(schema, ancestors, depth, idPrefix);
    if (nested) children.push(nested);
    return children;
  }

  /** The properties inside an object, or inside the items of an array, behind a toggle. */
  private nested(
    schema: Schema,
    ancestors: Schema[],
    depth: number,
    idPrefix: string,
  ): Element | undefined {
    const inner = isSchema(schema.items) ? merged(schema.items as Schema) : schema;
    const hasInside =
      Boolean(inner.properties) ||
      Array.isArray(inner.oneOf) ||
      Array.isArray(inner.anyOf) ||
      isSchema(inner.additionalProperties);
    if (!hasInside) return undefined;
    if (ancestors.includes(inner) || ancestors.includes(schema)) {
      const messages = this.options.context.messages;
      return h(
        "p",
        { className: ["field-recursive"] },
        typeof inner.title === "string"
          ? fillMessage(messages.recursiveSchemaNamed, { title: inner.title })
          : messages.recursiveSchema,
      ) as Element;
    }
    if (depth >= MAX_DEPTH) return undefined;
    const messages = this.options.context.messages;
    const label = inner === schema ? messages.showChildAttributes : messages.showItemAttributes;
    const definition = definitionOf(inner);
    const shownAt = this.shown.get(definition);
    if (shownAt)
      return h("p", { className: ["field-shown-above"] }, [
        h("a", { href: `#${shownAt}` }, label),
      ]) as Element;
    const countBefore = this.fieldCount;
    const fields = this.fields(
      inner,
      schema === inner ? ancestors : [...ancestors, schema],
      depth + 1,
      idPrefix,
    );
    if (fields.length === 0) return undefined;
    if (this.fieldCount - countBefore >= LINK_REPEATS_FROM) this.shown.set(definition, idPrefix);
    return h(
      "details",
      { className: ["expandable", "schema-children"], open: this.options.expanded },
      [
        h("summary", { className: ["expandable-summary"] }, label),
        h("div", { className: ["expandable-content"] }, fields),
      ],
    ) as Element;
  }

  /** `oneOf` / `anyOf`: each option under its title, the discriminator named. */
  private variants(
    schema: Schema,
    ancestors: Schema[],
    depth: number,
    idPrefix: string,
  ): Element | undefined {
    const key = Array.isArray(schema.oneOf)
      ? "oneOf"
      : Array.isArray(schema.anyOf)
        ? "anyOf"
        : undefined;
    if (!key || depth >= MAX_DEPTH) return undefined;
    const options = (schema[key] as unknown[])
      .filter(isSchema)
      .map(merged)
      .filter((option) => !isNullOnly(option));
    if (options.length === 0) return undefined;
    const discriminator =
      schema.discriminator && typeof schema.discriminator === "object"
        ? (schema.discriminator as Record<string, unknown>)
        : undefined;
    const items = options.map((option, index) => {
      const title =
        typeof option.title === "string"
          ? option.title
          : `${fillMessage(this.options.context.messages.optionNumber, { number: index + 1 })}: ${typeLabel(option)}`;
      const recursive = ancestors.includes(option);
      const fields = recursive
        ? [
            h(
              "p",
              { className: ["field-recursive"] },
              this.options.context.messages.recursiveSchema,
            ) as Element,
          ]
        : this.fields(option, [...ancestors, schema], depth + 1, `${idPrefix}-${index + 1}`);
      return h(
        "details",
        { className: ["expandable", "schema-variant"], open: this.options.expanded || index === 0 },
        [
          h("summary", { className: ["expandable-summary"] }, title),
          h(
            "div",
            { className: ["expandable-content"] },
            fields.length > 0 ? fields : [h("p", [h("code", typeLabel(option))])],
          ),
        ],
      ) as Element;
    });
    const messages = this.options.context.messages;
    const heading = key === "oneOf" ? messages.oneOfThese : messages.anyOfThese;
    // The property is shown as code, so the sentence is cut around its placeholder.
    const [chosenBefore = "", chosenAfter = ""] = messages.chosenBy.split("{property}");
    const note =
      typeof discriminator?.propertyName === "string"
        ? [
            h("span", { className: ["field-note"] }, [
              ` ${chosenBefore}`,
              h("code", discriminator.propertyName as string),
              chosenAfter,
            ]),
          ]
        : [];
    return h("div", { className: ["schema-variants"] }, [
      h("p", { className: ["schema-variants-title"] }, [heading, ...note]),
      ...items,
    ]) as Element;
  }
}

/** Each `allOf` schema is folded once, so a schema met again inside itself is the same object (cycles stay detectable). */
const foldedSchemas = new WeakMap<Schema, Schema>();

/** `allOf` folded into one schema: properties and required lists combined, the first of other keywords kept. */
export function merged(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const known = foldedSchemas.get(schema);
  if (known) return known;
  const result: Schema = {};
  foldedSchemas.set(schema, result);
  const parts = [schema, ...(schema.allOf as unknown[]).filter(isSchema).map(merged)];
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "allOf") continue;
      if (key === "properties" && value && typeof value === "object")
        Object.assign(properties, value);
      else if (key === "required" && Array.isArray(value))
        for (const name of value) required.add(String(name));
      else if (!(key in result)) result[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) {
    result.properties = properties;
    if (!result.type) result.type = "object";
  }
  if (required.size > 0) result.required = [...required];
  return result;
}

function isSchema(value: unknown): value is Schema {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

function isNullOnly(schema: Schema): boolean {
  return schema.type === "null" && !schema.properties;
}

function literal(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

function joinCodes(values: string[]): ElementContent[] {
  return values.flatMap((value, index) => [
    ...(index > 0 ? [{ type: "text" as const, value: ", " }] : []),
    h("code", value) as Element,
  ]);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

/** `api.params.post` pills: a string as is, `true` as the key's name, numbers, and lists of either. */
export function pillValues(value: unknown, key: string): string[] {
  if (value === true) return [key];
  if (typeof value === "string" && value) return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value))
    return value.filter((item) => typeof item === "string" || typeof item === "number").map(String);
  return [];
}

/** Limits a value must respect, in words a reader scans quickly: `>= 1`, `<= 100`, `length 3–20`. */
function constraints(schema: Schema): string[] {
  const limits: string[] = [];
  const number = (key: string): number | undefined =>
    typeof schema[key] === "number" ? (schema[key] as number) : undefined;
  if (number("minimum") !== undefined) limits.push(`>= ${number("minimum")}`);
  if (number("exclusiveMinimum") !== undefined) limits.push(`> ${number("exclusiveMinimum")}`);
  if (number("maximum") !== undefined) limits.push(`<= ${number("maximum")}`);
  if (number("exclusiveMaximum") !== undefined) limits.push(`< ${number("exclusiveMaximum")}`);
  if (number("multipleOf") !== undefined) limits.push(`multiple of ${number("multipleOf")}`);
  if (number("minLength") !== undefined || number("maxLength") !== undefined)
    limits.push(`length ${number("minLength") ?? 0}–${number("maxLength") ?? "∞"}`);
  if (number("minItems") !== undefined || number("maxItems") !== undefined)
    limits.push(`items ${number("minItems") ?? 0}–${number("maxItems") ?? "∞"}`);
  if (schema.uniqueItems === true) limits.push("unique items");
  if (typeof schema.pattern === "string") limits.push(`pattern ${schema.pattern}`);
  return limits;
}
