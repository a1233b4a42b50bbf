import type { PlaygroundData } from "../../../openapi/types.ts";
import { message } from "../messages.ts";
import { type AuthFields, applyCredentials } from "./auth-fields.ts";
import {
  type BodyField,
  type ParameterFields,
  parameterValues,
  type ServerFields,
} from "./form-fields.ts";
import { jsonErrorAt } from "./json-error.ts";

/*
 * Building the request from what the reader filled in, or saying, in one sentence, what keeps
 * it from being sent (and which control to fix).
 */

/** The form's sections the request is read from. */
export interface PlaygroundForm {
  server: ServerFields;
  auth: AuthFields;
  parameters: ParameterFields;
  body: BodyField;
}

export interface PlaygroundRequest {
  url: URL;
  headers: Headers;
  payload?: BodyInit;
}

/** Why the request cannot be sent, the control to fix, and where to put the caret in it. */
export interface RequestProblem {
  problem: string;
  control?: HTMLElement;
  caret?: number;
}

/** The request the form describes, or the first problem that keeps it from being sent. */
export function buildRequest(
  data: PlaygroundData,
  form: PlaygroundForm,
): PlaygroundRequest | RequestProblem {
  const { base, control, typed } = form.server.chosen();
  if (typed && !base) return { problem: message("enterBaseUrl"), control };

  let path = data.path;
  for (const [parameter, input] of form.parameters.controls) {
    if (parameter.in !== "path") continue;
    if (!input.value)
      return {
        problem: message("fillPathParameter", { name: parameter.name }),
        control: input,
      };
    path = path.replaceAll(
      `{${parameter.name}}`,
      parameterValues(parameter, input.value).map(encodeURIComponent).join(","),
    );
  }
  let url: URL;
  try {
    url = new URL(base + path, location.href);
    if (!/^https?:$/.test(url.protocol)) throw 0;
  } catch {
    return { problem: message("invalidUrl", { url: base + path }), control };
  }

  const headers = new Headers();
  try {
    for (const [parameter, input] of form.parameters.controls) {
      if (!input.value || parameter.in === "path") continue;
      const list = parameterValues(parameter, input.value);
      if (parameter.in === "query")
        for (const value of list) url.searchParams.append(parameter.name, value);
      else headers.set(parameter.name, list.join(","));
    }
    applyCredentials(form.auth.inputs, url, headers);
  } catch (error) {
    return { problem: message("requestNotBuilt", { reason: (error as Error).message }) };
  }

  const text = form.body.editor.value;
  if (!data.body || !form.body.sent || !text.trim()) return { url, headers };
  const type = data.body.contentType;
  let payload: BodyInit | undefined;
  const isForm = /^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(type);
  if (/json/i.test(type) || (isForm && /^\s*\{/.test(text))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return jsonProblem(text, form.body.editor);
    }
    if (isForm && parsed && typeof parsed === "object") {
      const fields = Object.entries(parsed).map(([key, value]): [string, string] => [
        key,
        typeof value === "string" ? value : JSON.stringify(value),
      ]);
      payload = /^multipart/i.test(type) ? new FormData() : new URLSearchParams();
      for (const [key, value] of fields) payload.append(key, value);
    }
  }
  payload ??= text;
  // FormData sets its own Content-Type, with the boundary.
  if (!(payload instanceof FormData) && !headers.has("Content-Type"))
    headers.set("Content-Type", type);
  return { url, headers, payload };
}

/** Where the JSON goes wrong, in words, with the caret to be moved there. */
function jsonProblem(text: string, editor: HTMLTextAreaElement): RequestProblem {
  const at = jsonErrorAt(text);
  const lines = text.slice(0, at).split("\n");
  return {
    problem: message("invalidJson", {
      line: lines.length,
      column: (lines[lines.length - 1]?.length ?? 0) + 1,
      problem:
        at < text.length
          ? message("jsonUnexpected", { character: text[at] as string })
          : message("jsonEndsEarly"),
    }),
    control: editor,
    caret: at,
  };
}
