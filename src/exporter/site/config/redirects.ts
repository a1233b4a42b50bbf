import { checkUrl } from "../../safety/url-policy.ts";
import {
  compileDestination,
  compileSource,
  isPattern,
  REDIRECT_LIMITS,
  sourceForm,
} from "../redirect-pattern.ts";
import type { Redirect } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { configPagePath } from "./page-reference.ts";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * `redirects`: a fixed source becomes a page path (`/old/page/` → `old/page`), and so does an
 * internal destination, its `#fragment` kept apart. A source with parameters or wildcards
 * (`/blog/:slug*`, `/api/*`) is kept as written without its leading slash, its destination too;
 * both are checked here, so a form the export cannot follow is an error at its position.
 */
export function readRedirects(value: unknown, check: ConfigChecker): Redirect[] {
  const redirects: Redirect[] = [];
  const firstIndexBySource = new Map<string, number>();
  let patterns = 0;
  check.array(value, "redirects").forEach((item, index) => {
    const path = `redirects[${index}]`;
    const object = check.object(item, path, "an object with source and destination");
    if (!object) return;
    check.required(object.source, `${path}.source`, "the path to redirect from (a string)");
    check.required(
      object.destination,
      `${path}.destination`,
      "the path or URL to redirect to (a string)",
    );
    const rawSource = check.string(object.source, `${path}.source`);
    const rawDestination = check.string(object.destination, `${path}.destination`);
    const permanent = check.boolean(object.permanent, `${path}.permanent`) ?? true;
    if (rawSource === undefined || rawDestination === undefined) return;
    const pattern = isPattern(rawSource);
    const source = pattern
      ? readPatternSource(rawSource, `${path}.source`, check)
      : normalizeSource(rawSource, `${path}.source`, check);
    if (source === undefined) return;
    const destination = normalizeDestination(
      rawDestination,
      { text: source, pattern },
      `${path}.destination`,
      check,
    );
    if (destination === undefined) return;
    const earlier = firstIndexBySource.get(source);
    if (earlier !== undefined) {
      check.warn(
        `${path}.source`,
        `"${rawSource}" is already redirected by redirects[${earlier}]; this one is ignored`,
      );
      return;
    }
    if (pattern && ++patterns > REDIRECT_LIMITS.patternRules) {
      check.limit(
        `${path}.source`,
        `more than ${REDIRECT_LIMITS.patternRules} redirects with parameters or wildcards: a server tries each on every missing path`,
      );
      return;
    }
    firstIndexBySource.set(source, index);
    redirects.push({ source, ...destination, permanent, at: check.place(path) });
  });
  return redirects;
}

function normalizeSource(source: string, path: string, check: ConfigChecker): string | undefined {
  const normalized = source.trim() === "" ? undefined : configPagePath(source);
  if (normalized === undefined)
    check.error(path, "a path inside the site, such as /old-page", source);
  return normalized;
}

/** A pattern source as written, without its leading slash; undefined (and an error) for a form the export cannot follow. */
function readPatternSource(source: string, path: string, check: ConfigChecker): string | undefined {
  const compiled = compileSource(source);
  if (!compiled.ok) {
    check.error(path, `a path pattern such as /blog/:slug* (${compiled.reason})`, source);
    return undefined;
  }
  return sourceForm(source).slice(1);
}

function normalizeDestination(
  destination: string,
  source: { text: string; pattern: boolean },
  path: string,
  check: ConfigChecker,
): Pick<Redirect, "destination" | "fragment"> | undefined {
  const trimmed = destination.trim();
  const verdict = checkUrl(destination, "link");
  if (!verdict.ok) {
    check.error(path, `a path inside the site or a web URL (${verdict.reason})`, destination);
    return undefined;
  }
  const external = EXTERNAL.test(trimmed);
  if (external && !source.pattern) return { destination: trimmed };
  if (source.pattern || isPattern(trimmed)) {
    const compiledSource = compileSource(`/${source.text}`);
    const compiled = compiledSource.ok
      ? compileDestination(trimmed, compiledSource.value)
      : compiledSource;
    if (!compiled.ok) {
      check.error(path, `a path or URL for this source (${compiled.reason})`, destination);
      return undefined;
    }
    const hash = trimmed.indexOf("#");
    const written = hash < 0 ? trimmed : trimmed.slice(0, hash);
    const fragment = compiled.value.fragment;
    return {
      destination: external ? written : written.replace(/^\/+/, ""),
      ...(fragment === undefined ? {} : { fragment }),
    };
  }
  const hash = trimmed.indexOf("#");
  const normalized = trimmed === "" || hash === 0 ? undefined : configPagePath(trimmed);
  if (normalized === undefined) {
    check.error(path, "a path inside the site or an absolute URL", destination);
    return undefined;
  }
  return hash > 0 && hash < trimmed.length - 1
    ? { destination: normalized, fragment: trimmed.slice(hash + 1) }
    : { destination: normalized };
}
