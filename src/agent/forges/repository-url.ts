import { ForgeError, type ForgeKind } from "./forge.ts";

/** A clone URL taken apart: where the forge is and the repository's path on it. */
interface RepositoryLocation {
  /** `http` only when the clone URL itself is plain http; ssh and scp-like forms mean https. */
  scheme: "http" | "https";
  /** Lowercase host name, without port. */
  hostname: string;
  /** Host and port for the web/API origin (the ssh port is dropped: the API is not on it). */
  authority: string;
  /** The path's segments, decoded, without `.git`. */
  segments: string[];
}

const API_SUFFIX: Record<ForgeKind, RegExp> = {
  github: /\/api\/v3$/,
  gitlab: /\/api\/v4$/,
  gitea: /\/api\/v1$/,
};

/**
 * The repository's path on its forge, read from a clone URL: `https://host/owner/name(.git)`,
 * with or without credentials, `ssh://git@host[:port]/owner/name.git` or scp-like
 * `git@host:owner/name.git`.
 *
 * Without `kind`, the whole path (`group/subgroup/name` on GitLab). With `kind`, the path the
 * forge's API names: GitHub and Gitea repositories are always `owner/name`, so the last two
 * segments (Gitea may be served under a sub-path); GitLab's is the full namespace path, less the
 * sub-path GitLab is served under when `apiUrl` on the same host shows one
 * (`https://host/gitlab/api/v4` → `/gitlab`).
 */
export function repositoryPath(url: string, kind?: ForgeKind, apiUrl?: string | null): string {
  const location = parseRepositoryUrl(url);
  let segments = location.segments;
  const root = kind && apiUrl ? apiSubPath(kind, apiUrl, location.hostname) : [];
  if (root.length > 0 && segments.length - root.length >= 2) {
    if (root.every((segment, index) => segments[index] === segment))
      segments = segments.slice(root.length);
  }
  if (kind === "github" || kind === "gitea") segments = segments.slice(-2);
  return segments.join("/");
}

/**
 * The forge's API root for a repository when the project sets none: `https://api.github.com`
 * for github.com, `https://HOST/api/v3` for GitHub Enterprise Server, `https://HOST/api/v4` for
 * GitLab, `https://HOST[/SUB-PATH]/api/v1` for Gitea/Forgejo. An explicit `apiUrl` wins.
 */
export function defaultApiUrl(
  kind: ForgeKind,
  repositoryUrl: string,
  apiUrl?: string | null,
): string {
  if (apiUrl) return normalizeApiUrl(apiUrl);
  const location = parseRepositoryUrl(repositoryUrl);
  const origin = `${location.scheme}://${location.authority}`;
  switch (kind) {
    case "github":
      return location.hostname === "github.com" || location.hostname === "www.github.com"
        ? "https://api.github.com"
        : `${origin}/api/v3`;
    case "gitlab":
      return `${origin}/api/v4`;
    case "gitea": {
      const subPath = location.segments.slice(0, -2).map(encodeURIComponent);
      return [origin, ...subPath, "api/v1"].join("/");
    }
  }
}

/** An explicit API URL checked and without its trailing slash. */
export function normalizeApiUrl(apiUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch (error) {
    throw new ForgeError(`the forge API URL "${apiUrl}" is not a URL`, null, { cause: error });
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new ForgeError(`the forge API URL must be an http(s) URL, not "${apiUrl}"`, null);
  if (parsed.username || parsed.password)
    throw new ForgeError("the forge API URL must not hold credentials: use the forge token", null);
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString().replace(/\/+$/, "");
}

function parseRepositoryUrl(url: string): RepositoryLocation {
  const trimmed = url.trim();
  const scpLike = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)(.+)$/.exec(trimmed);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch (error) {
      throw unreadable(url, { cause: error });
    }
    const web = parsed.protocol === "http:" || parsed.protocol === "https:";
    if (!web && !["ssh:", "git+ssh:", "ssh+git:", "git:"].includes(parsed.protocol))
      throw unreadable(url);
    const hostname = parsed.hostname.toLowerCase();
    return {
      scheme: parsed.protocol === "http:" ? "http" : "https",
      hostname,
      authority: web ? parsed.host.toLowerCase() : hostname,
      segments: pathSegments(parsed.pathname, url),
    };
  }
  if (scpLike?.[1] && scpLike[2]) {
    const hostname = scpLike[1].toLowerCase();
    return {
      scheme: "https",
      hostname,
      authority: hostname,
      segments: pathSegments(scpLike[2], url),
    };
  }
  throw unreadable(url);
}

function pathSegments(pathname: string, url: string): string[] {
  const segments = pathname
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter((segment) => segment.length > 0);
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch (error) {
    throw unreadable(url, { cause: error });
  }
  if (decoded.length < 2 || decoded.some((segment) => segment === "." || segment === ".."))
    throw unreadable(url);
  return decoded;
}

/** The sub-path a forge is served under, read from its API URL on the repository's host. */
function apiSubPath(kind: ForgeKind, apiUrl: string, hostname: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    return [];
  }
  if (parsed.hostname.toLowerCase() !== hostname) return [];
  const pathname = parsed.pathname.replace(/\/+$/, "");
  if (!API_SUFFIX[kind].test(pathname)) return [];
  try {
    return pathname
      .replace(API_SUFFIX[kind], "")
      .split("/")
      .filter((segment) => segment.length > 0)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return [];
  }
}

function unreadable(url: string, options?: { cause?: unknown }): ForgeError {
  const shown = url.replace(/\/\/[^/@]*@/, "//");
  return new ForgeError(
    `cannot read the repository's owner and name from "${shown}": use a clone URL such as https://host/owner/name.git or git@host:owner/name.git`,
    null,
    options,
  );
}
