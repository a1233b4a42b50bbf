import type { ApiSettings } from "../types.ts";
import { readApiSources } from "./api-references.ts";
import type { ConfigChecker } from "./checker.ts";

/**
 * docs.json `api`: the default specifications (`api.openapi`), the playground's display, the
 * generated examples (`api.examples`), the base URL and auth of pages written by hand
 * (`api.mdx`), the playground's transport (`api.playground.proxy`, `api.playground.credentials`)
 * and display options (`api.params.expanded`, `api.params.post`, `api.url`).
 */
export function readApiSettings(value: unknown, check: ConfigChecker): ApiSettings {
  const api = check.object(value, "api");
  const playground = check.object(api?.playground, "api.playground");
  const display = check.oneOf(playground?.display, "api.playground.display", [
    "interactive",
    "simple",
    "none",
    "auth",
  ] as const);
  const examples = check.object(api?.examples, "api.examples");
  const languages =
    examples?.languages === undefined
      ? undefined
      : check
          .array(examples.languages, "api.examples.languages", "a list of language names")
          .map((item, index) => check.string(item, `api.examples.languages[${index}]`))
          .filter((item): item is string => typeof item === "string");
  const mdx = check.object(api?.mdx, "api.mdx");
  const auth = check.object(mdx?.auth, "api.mdx.auth");
  const method = check.oneOf(auth?.method, "api.mdx.auth.method", [
    "bearer",
    "basic",
    "key",
    "cobo",
  ] as const);
  const params = check.object(api?.params, "api.params");
  const settings: ApiSettings = {
    // `auth` shows the playground to signed-in readers; a static bundle has no sign-in, so it is interactive.
    playground: display === "none" || display === "simple" ? display : "interactive",
    playgroundSetExplicitly: display !== undefined,
    examples: {
      defaults:
        check.oneOf(examples?.defaults, "api.examples.defaults", ["all", "required"] as const) ??
        "all",
      autogenerate: check.boolean(examples?.autogenerate, "api.examples.autogenerate") ?? true,
      prefill: check.boolean(examples?.prefill, "api.examples.prefill") ?? false,
    },
    servers: readServers(mdx?.server, check),
    paramsExpanded:
      check.oneOf(params?.expanded, "api.params.expanded", ["all", "closed"] as const) === "all",
    paramsPost: readKeyList(params?.post, check),
    playgroundProxy: check.boolean(playground?.proxy, "api.playground.proxy") ?? true,
    playgroundCredentials:
      check.boolean(playground?.credentials, "api.playground.credentials") ?? false,
    fullUrl: check.oneOf(api?.url, "api.url", ["full"] as const) === "full",
  };
  if (languages && languages.length > 0) settings.examples.languages = languages;
  if (method)
    settings.auth = { method, ...(typeof auth?.name === "string" ? { name: auth.name } : {}) };
  const asyncapi = readApiSources(api?.asyncapi, "api.asyncapi", check);
  if (asyncapi) settings.asyncapi = asyncapi;
  const openapi = readApiSources(api?.openapi, "api.openapi", check);
  if (openapi) settings.openapi = openapi;
  return settings;
}

function readServers(value: unknown, check: ConfigChecker): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return value.trim() ? [value.trim()] : [];
  return check
    .array(value, "api.mdx.server", "a base URL or a list of them")
    .map((item, index) => check.string(item, `api.mdx.server[${index}]`))
    .filter((item): item is string => typeof item === "string" && item.trim() !== "");
}

/** `api.params.post`: the schema keys whose values become pills, each a non-empty string. */
function readKeyList(value: unknown, check: ConfigChecker): string[] {
  if (value === undefined || value === null) return [];
  return check
    .array(value, "api.params.post", "a list of schema keys")
    .map((item, index) => check.string(item, `api.params.post[${index}]`))
    .filter((item): item is string => typeof item === "string" && item.trim() !== "");
}
