import type { PlaygroundData, PlaygroundParameter } from "../../../openapi/types.ts";
import { message } from "../messages.ts";
import type { Elements } from "./elements.ts";

/*
 * Building the form: the server to call, the parameters by where they go, and the body editor.
 * (The credentials have theirs in auth-fields.ts.)
 */

const LOCATIONS = ["path", "query", "header", "cookie"] as const;
/** The heading of each group of parameters (cookies are only named, in a note). */
const GROUP_TITLES = {
  path: "pathParameters",
  query: "queryParameters",
  header: "headerParameters",
} as const;
/** The select option that reveals the base URL input. */
const OTHER = "\n";

export interface ServerFields {
  group: HTMLFieldSetElement;
  /** The base URL chosen or typed, without a trailing slash, and the control it comes from. */
  chosen(): { base: string; control: HTMLElement; typed: boolean };
}

/** The specification's base URLs to choose from, and another one the reader types. */
export function serverFields(dom: Elements, data: PlaygroundData): ServerFields {
  const servers = dom.el("select", "input");
  for (const server of data.servers)
    servers.add(
      new Option(
        server.description ? `${server.url} (${server.description})` : server.url,
        server.url,
      ),
    );
  if (data.customServer && data.servers.length > 0)
    servers.add(new Option(`${message("otherBaseUrl")}…`, OTHER));
  const custom = dom.input("url");
  custom.placeholder = "https://api.example.com";
  const customField = dom.field(
    message(data.servers.length > 0 ? "otherBaseUrl" : "baseUrl"),
    custom,
  );
  const showCustom = (): void => {
    customField.hidden = !(
      data.customServer &&
      (data.servers.length === 0 || servers.value === OTHER)
    );
  };
  servers.onchange = showCustom;
  showCustom();
  const group = dom.group(
    message("server"),
    ...(data.servers.length > 0 ? [dom.field(message("baseUrl"), servers)] : []),
    ...(data.customServer ? [customField] : []),
  );
  const chosen = () => {
    const typed = data.customServer && !customField.hidden;
    const base = (typed ? custom.value.trim() : servers.value).replace(/\/+$/, "");
    return { base, control: typed ? custom : servers, typed };
  };
  return { group, chosen };
}

export type ParameterControl = HTMLInputElement | HTMLSelectElement;

export interface ParameterFields {
  /** One group per place parameters go: path, query, header. */
  groups: HTMLFieldSetElement[];
  /** The cookies the page cannot send, named for the note that says so. */
  notes: string[];
  controls: [PlaygroundParameter, ParameterControl][];
}

/** The operation's parameters, grouped by where they go; cookies are only named. */
export function parameterFields(dom: Elements, data: PlaygroundData): ParameterFields {
  const groups: HTMLFieldSetElement[] = [];
  const notes: string[] = [];
  const controls: [PlaygroundParameter, ParameterControl][] = [];
  for (const location of LOCATIONS) {
    const list = data.parameters.filter((parameter) => parameter.in === location);
    if (list.length === 0) continue;
    if (location === "cookie") {
      notes.push(...list.map((parameter) => message("cookieParameter", { name: parameter.name })));
      continue;
    }
    const fields = list.map((parameter) => {
      const control = parameterControl(dom, parameter);
      controls.push([parameter, control]);
      return dom.field(parameter.name, control, {
        required: parameter.required || location === "path",
        hint: parameter.description,
        code: true,
      });
    });
    groups.push(dom.group(message(GROUP_TITLES[location]), ...fields));
  }
  return { groups, notes, controls };
}

function parameterControl(dom: Elements, parameter: PlaygroundParameter): ParameterControl {
  const choices = parameter.enum ?? (parameter.type === "boolean" ? ["true", "false"] : undefined);
  let control: ParameterControl;
  if (choices) {
    control = dom.el("select", "input");
    for (const value of ["", ...choices])
      control.add(new Option(value || message("notSet"), value));
  } else {
    control = dom.input();
    if (parameter.type === "integer" || parameter.type === "number")
      control.inputMode = parameter.type === "integer" ? "numeric" : "decimal";
    if (parameter.type === "array") control.placeholder = "a, b, c";
  }
  control.value = parameter.example ?? "";
  return control;
}

/** An array parameter's values, from a JSON array or a comma-separated list. */
export function parameterValues(parameter: PlaygroundParameter, text: string): string[] {
  if (parameter.type !== "array") return [text];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed))
      return parsed.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  } catch {
    // A plain list.
  }
  return text.split(",").map((item) => item.trim());
}

export interface BodyField {
  /** Absent when the request sends no body. */
  group?: HTMLFieldSetElement;
  editor: HTMLTextAreaElement;
  /** Whether the request carries the body (the operation has one, and the method allows it). */
  sent: boolean;
}

/** The body editor, filled with the example; Ctrl+Enter (or ⌘+Enter) calls `send`. */
export function bodyField(dom: Elements, data: PlaygroundData, send: () => void): BodyField {
  const editor = dom.el("textarea", "body");
  if (!data.body || /^(GET|HEAD)$/.test(data.method)) return { editor, sent: false };
  editor.value = data.body.example;
  editor.rows = Math.min(18, editor.value.split("\n").length + 1);
  editor.spellcheck = false;
  editor.wrap = "off";
  editor.onkeydown = (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) send();
  };
  const group = dom.group(
    message("body"),
    dom.field(data.body.contentType, editor, {
      required: data.body.required,
      hint: /form/.test(data.body.contentType)
        ? message("formFieldsAsJson")
        : message("ctrlEnterSends"),
    }),
  );
  return { group, editor, sent: true };
}
