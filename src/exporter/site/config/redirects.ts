import { checkUrl } from "../../safety/url-policy.ts";
import type { Redirect } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { configPagePath } from "./page-reference.ts";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;
/** `/blog/:slug`, `/docs/:path*`, `/old/*`: patterns only a server with rewrite rules can follow. */
const PATTERN = /[:*]/;

/**
 * `redirects`: each source becomes a page path (`/old/page/` → `old/page`) and each internal
 * destination too, its `#fragment` kept apart. Patterns are kept as written (without the leading
 * slash) with a warning, since a static bundle can only redirect exact paths.
 */
export function readRedirects(value: unknown, check: ConfigChecker): Redirect[] {
  const redirects: Redirect[] = [];
  const firstIndexBySource = new Map<string, number>();
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
    const source = normalizeSource(rawSource, `${path}.source`, check);
    const destination = normalizeDestination(rawDestination, `${path}.destination`, check);
    if (source === undefined || destination === undefined) return;
    if (PATTERN.test(source)) {
      check.warn(
        `${path}.source`,
        `"${rawSource}" is a pattern; static hosting can only redirect exact paths, so no redirect page is written for it`,
      );
    }
    const earlier = firstIndexBySource.get(source);
    if (earlier !== undefined) {
      check.warn(
        `${path}.source`,
        `"${rawSource}" is already redirected by redirects[${earlier}]; this one is ignored`,
      );
      return;
    }
    firstIndexBySource.set(source, index);
    redirects.push({ source, ...destination, permanent });
  });
  return redirects;
}

function normalizeSource(source: string, path: string, check: ConfigChecker): string | undefined {
  if (PATTERN.test(source)) return source.trim().replace(/^\/+/, "");
  const normalized = source.trim() === "" ? undefined : configPagePath(source);
  if (normalized === undefined)
    check.error(path, "a path inside the site, such as /old-page", source);
  return normalized;
}

function normalizeDestination(
  destination: string,
  path: string,
  check: ConfigChecker,
): Pick<Redirect, "destination" | "fragment"> | undefined {
  const trimmed = destination.trim();
  const verdict = checkUrl(destination, "link");
  if (!verdict.ok) {
    check.error(path, `a path inside the site or a web URL (${verdict.reason})`, destination);
    return undefined;
  }
  if (EXTERNAL.test(trimmed)) return { destination: trimmed };
  if (PATTERN.test(trimmed)) return { destination: trimmed.replace(/^\/+/, "") };
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
