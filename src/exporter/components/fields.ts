import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import type { Messages } from "../messages/index.ts";
import { flag, slug, text } from "./props.ts";
import type { Component, ComponentContext, Props, PropValue } from "./types.ts";

const LOCATIONS = ["path", "query", "body", "header", "cookie"] as const;

/**
 * A field's anchor as Mintlify gives it, parameters and response fields alike: `param-` and
 * the name with its camelCase words apart (`onError` → `param-on-error`, `XMLHttp` →
 * `param-xml-http`), a repeat `-1`, `-2`; or the field's own `id`.
 */
function fieldId(props: Props, name: string, context: ComponentContext): string {
  const own = text(props, "id")?.trim();
  if (own) return own;
  const words = name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    // An acronym before a word (`XMLHttp`), not a plural one (`APIs`).
    .replace(/([A-Z]+)([A-Z](?!s\b)[a-z])/g, "$1 $2");
  return context.uniqueId(`param-${slug(words)}`, 1);
}

function literal(value: PropValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export interface FieldOptions {
  name: string;
  location?: string;
  type?: string;
  required: boolean;
  deprecated: boolean;
  defaultValue?: string;
  pre?: string[];
  post?: string[];
  id: string;
}

/**
 * One documented field (a parameter, a property): name, pills, then its description, its words
 * in the page's language (`messages`). Also used by API reference pages.
 */
export function field(
  options: FieldOptions,
  children: ElementContent[],
  messages: Messages,
): Element {
  const meta: ElementContent[] = [];
  for (const label of options.pre ?? [])
    meta.push(h("span", { className: ["field-pill"] }, label) as Element);
  if (options.type) meta.push(h("span", { className: ["field-type"] }, options.type) as Element);
  if (options.location)
    meta.push(h("span", { className: ["field-location"] }, options.location) as Element);
  if (options.required)
    meta.push(h("span", { className: ["field-required"] }, messages.fieldRequired) as Element);
  if (options.deprecated)
    meta.push(h("span", { className: ["field-deprecated"] }, messages.fieldDeprecated) as Element);
  for (const label of options.post ?? [])
    meta.push(h("span", { className: ["field-pill"] }, label) as Element);
  const header = h("div", { className: ["field-header"] }, [
    h("a", { className: ["field-name"], href: `#${options.id}` }, [h("code", options.name)]),
    ...meta,
  ]);
  const body: ElementContent[] = [];
  if (options.defaultValue !== undefined)
    body.push(
      h("p", { className: ["field-default"] }, [
        `${messages.defaultLabel} `,
        h("code", options.defaultValue),
      ]) as Element,
    );
  body.push(...children);
  return h(
    "div",
    {
      className: ["field", ...(options.deprecated ? ["field-is-deprecated"] : [])],
      id: options.id,
    },
    [header, h("div", { className: ["field-body"] }, body)],
  ) as Element;
}

/** An API parameter: `<ParamField query="limit" type="integer" required>`. */
export const ParamField: Component = ({ props, children, context, position }) => {
  const location = LOCATIONS.find((key) => typeof props[key] === "string");
  const name = location
    ? (props[location] as string)
    : (text(props, "name") ?? text(props, "param"));
  if (!name)
    context.warn("<ParamField> needs a name: path, query, body, header or cookie", position);
  if (name && location) {
    context.recordParameter?.({
      location,
      name,
      type: text(props, "type"),
      required: flag(props, "required"),
      ...(props.default !== undefined ? { defaultValue: props.default } : {}),
      ...(text(props, "placeholder") ? { description: text(props, "placeholder") } : {}),
    });
  }
  return field(
    {
      name: name ?? "parameter",
      location,
      type: text(props, "type"),
      required: flag(props, "required"),
      deprecated: flag(props, "deprecated"),
      defaultValue: literal(props.default),
      id: fieldId(props, name ?? "parameter", context),
    },
    children,
    context.messages,
  );
};

/** A field of a response: `<ResponseField name="id" type="string" required>`. */
export const ResponseField: Component = ({ props, children, context }) => {
  const name = text(props, "name") ?? "field";
  const list = (value: PropValue): string[] | undefined =>
    Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : undefined;
  return field(
    {
      name,
      type: text(props, "type"),
      required: flag(props, "required"),
      deprecated: flag(props, "deprecated"),
      defaultValue: literal(props.default),
      pre: list(props.pre),
      post: list(props.post),
      id: fieldId(props, name, context),
    },
    children,
    context.messages,
  );
};
