import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { PAGE_LEAD_PROPERTY } from "../components/side-column.ts";
import type { DocumentedParameter, PropValue } from "../components/types.ts";
import type { PageContext } from "../mdx/page-context.ts";
import type { AppendedContent } from "../mdx/rendered-page.ts";
import type { Messages } from "../messages/index.ts";
import type { ApiSettings } from "../site/types.ts";
import { playgroundSection } from "./render-operation.ts";
import type { PlaygroundAuth, PlaygroundData, PlaygroundParameter } from "./types.ts";

/**
 * A page that documents an endpoint by hand (`api: "POST /v1/users"` in its frontmatter and
 * `<ParamField>`s in its body, Mintlify's manual API pages): the method and URL above the
 * content, and a playground built from the fields the page documents, the base URL and the
 * authentication of docs.json's `api.mdx`.
 */
export function prependManualEndpoint(
  endpoint: { method: string; url: string },
  settings: ApiSettings,
  interactive: boolean,
): (context: PageContext) => Promise<AppendedContent> {
  return async (context) => {
    const { servers, path } = splitUrl(endpoint.url, settings.servers);
    const method = endpoint.method.toUpperCase();
    const shownBase = servers.length === 1 ? servers[0] : "";
    const barId = context.uniqueId("api-endpoint");
    const nodes: ElementContent[] = [
      h("div", { className: ["api-endpoint"], id: barId, [PAGE_LEAD_PROPERTY]: "" }, [
        h("span", { className: ["api-method", `api-method-${endpoint.method}`] }, method),
        h("code", { className: ["api-path"] }, [
          ...(shownBase ? [h("span", { className: ["api-base"] }, shownBase)] : []),
          path,
        ]),
      ]) as Element,
    ];
    if (interactive)
      nodes.push(
        playgroundSection(
          playgroundData(method, path, servers, settings, context.parameters, context.messages),
          settings,
          barId,
          context.messages,
        ),
      );
    return {
      nodes: [h("div", { className: ["api-reference", "api-manual"] }, nodes) as Element],
      markdown: `\`${method} ${shownBase}${path}\``,
      dependencies: [],
      position: "start",
    };
  };
}

/** A full URL names its own server; a path goes after each of docs.json's `api.mdx.server`. */
function splitUrl(url: string, configured: string[]): { servers: string[]; path: string } {
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url.replace(/\{/g, "%7B").replace(/\}/g, "%7D"));
      return { servers: [parsed.origin], path: decodeURI(parsed.pathname) || "/" };
    } catch {
      return { servers: [], path: url };
    }
  }
  return {
    servers: configured.map((server) => server.replace(/\/+$/, "")),
    path: url.startsWith("/") ? url : `/${url}`,
  };
}

function playgroundData(
  method: string,
  path: string,
  servers: string[],
  settings: ApiSettings,
  fields: DocumentedParameter[],
  messages: Messages,
): PlaygroundData {
  const parameters: PlaygroundParameter[] = fields
    .filter(
      (field): field is DocumentedParameter & { location: PlaygroundParameter["in"] } =>
        field.location !== "body",
    )
    .map((field) => ({
      name: field.name,
      in: field.location,
      required: field.location === "path" || field.required,
      type: inputType(field.type),
      ...(field.defaultValue !== undefined && field.defaultValue !== null
        ? {
            example:
              typeof field.defaultValue === "string"
                ? field.defaultValue
                : JSON.stringify(field.defaultValue),
          }
        : {}),
    }));
  const data: PlaygroundData = {
    method,
    path,
    servers: servers.map((url) => ({ url })),
    customServer: true,
    auth: authOf(settings, messages),
    parameters,
  };
  const body = fields.filter((field) => field.location === "body");
  if (body.length > 0) {
    const example = Object.fromEntries(
      body.map((field) => [field.name, field.defaultValue ?? placeholder(field.type)]),
    );
    data.body = {
      contentType: "application/json",
      required: body.some((field) => field.required),
      example: JSON.stringify(example, null, 2),
    };
  }
  return data;
}

function authOf(settings: ApiSettings, messages: Messages): PlaygroundAuth[] {
  const auth = settings.auth;
  if (!auth) return [];
  if (auth.method === "bearer")
    return [{ id: "mdx-bearer", kind: "bearer", label: messages.bearerToken }];
  if (auth.method === "basic")
    return [{ id: "mdx-basic", kind: "basic", label: messages.usernameAndPassword }];
  if (auth.method === "key") {
    const name = auth.name ?? "x-api-key";
    return [{ id: "mdx-key", kind: "apiKey", in: "header", name, label: name }];
  }
  return [];
}

/** `<ParamField type>` as the playground's input kind: `string[]` is an array, `int` an integer. */
function inputType(type: string | undefined): string {
  const value = (type ?? "string").toLowerCase();
  if (value.endsWith("[]") || value.startsWith("array")) return "array";
  if (value.startsWith("int")) return "integer";
  if (value === "number" || value === "float" || value === "double") return "number";
  if (value.startsWith("bool")) return "boolean";
  return value === "object" ? "object" : "string";
}

function placeholder(type: string | undefined): PropValue {
  const kind = inputType(type);
  return kind === "integer" || kind === "number"
    ? 0
    : kind === "boolean"
      ? false
      : kind === "array"
        ? []
        : kind === "object"
          ? {}
          : "";
}
