import path from "node:path/posix";
import { build } from "esbuild";
import type { Problem } from "../problems.ts";
import { checkUrl } from "../safety/url-policy.ts";
import { relativeUrl } from "../site/paths.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType } from "../site/types.ts";
import type { AssetFile } from "./build-assets.ts";

/** The largest custom stylesheet or script read; real ones are a few kilobytes. */
const MAX_CUSTOM_FILE_BYTES = 2 * 1024 * 1024;

export interface CustomAssets {
  /** Scripts as they are and stylesheets as published (their URLs rewritten), at their repository paths. */
  files: AssetFile[];
  /** Bundle paths of the stylesheets, in the order pages link them. */
  stylesheets: string[];
  /** Bundle paths of the scripts (copied as they are), in the order pages load them. */
  scripts: string[];
  /** Repository files the stylesheets use (images, fonts), published beside them. */
  assets: string[];
}

/**
 * The repository's own `.css` and `.js` files, which Mintlify puts on every page: every one the
 * site's listing holds (so `.mintignore`, `node_modules` and the other ignored folders are
 * already left out), except those under `snippets/`, which are component code pages import.
 *
 * Scripts are the customer's code for their own site: they are copied unchanged and run in the
 * reader's browser, never at export time. Stylesheets are parsed (esbuild, which decodes CSS
 * escapes as a browser does) so that every URL in them is seen: root-relative ones are made
 * relative (the site may live under any prefix, or on disk), the files they name are published,
 * a URL leaving the repository or of a scheme the URL rule refuses is dropped, and an
 * air-gapped bundle's stylesheets keep no URL of another host.
 */
export async function collectCustomAssets(
  repo: RepoFiles,
  files: readonly string[],
  deployment: DeploymentType,
  problems: Problem[],
): Promise<CustomAssets> {
  const result: CustomAssets = { files: [], stylesheets: [], scripts: [], assets: [] };
  const listed = new Set(files);
  const custom = files.filter((file) => /\.(css|js)$/i.test(file) && !isSnippet(file));
  for (const file of custom) {
    let bytes: Buffer;
    try {
      bytes = repo.readBytes(file, MAX_CUSTOM_FILE_BYTES);
    } catch (error) {
      if (!(error instanceof RepoFileError)) throw error;
      problems.push({ severity: "warning", rule: "custom-file", file, message: error.message });
      continue;
    }
    const text = bytes.toString("utf8");
    if (/\.js$/i.test(file)) {
      result.files.push({ path: file, content: bytes });
      result.scripts.push(file);
      warnAboutHosts(file, text, deployment, problems);
      continue;
    }
    const stylesheet = await publishStylesheet(file, text, listed, deployment, problems);
    if (!stylesheet) continue;
    result.files.push({ path: file, content: stylesheet.css });
    result.stylesheets.push(file);
    for (const asset of stylesheet.assets)
      if (!result.assets.includes(asset)) result.assets.push(asset);
  }
  return result;
}

function isSnippet(file: string): boolean {
  return file.startsWith("snippets/") || file.includes("/snippets/");
}

/**
 * A script that names other hosts loads from them in the reader's browser, which an air-gapped
 * (or client-hosted) network may not reach: it is still published, as the customer's own code,
 * with a warning naming the hosts.
 */
function warnAboutHosts(
  file: string,
  text: string,
  deployment: DeploymentType,
  problems: Problem[],
): void {
  if (deployment === "cloud") return;
  const hosts = new Set<string>();
  for (const [, host] of text.matchAll(/\bhttps?:\/\/([a-z0-9.-]+\.[a-z]{2,}|\[[0-9a-f:]+\])/gi))
    if (hosts.size < 5) hosts.add((host as string).toLowerCase());
  if (hosts.size === 0) return;
  problems.push({
    severity: "warning",
    rule: "custom-file",
    file,
    message: `this script names other hosts (${[...hosts].join(", ")}); it is published as written and loads from them in the reader's browser, which a${deployment === "air-gapped" ? "n air-gapped" : " client-hosted"} network may not reach`,
  });
}

async function publishStylesheet(
  file: string,
  text: string,
  listed: ReadonlySet<string>,
  deployment: DeploymentType,
  problems: Problem[],
): Promise<{ css: string; assets: string[] } | undefined> {
  const folder = path.dirname(file) === "." ? "" : path.dirname(file);
  const assets = new Set<string>();
  const warn = (message: string): void => {
    problems.push({ severity: "warning", rule: "custom-file", file, message });
  };
  const rewrite = (url: string, kind: string): string => {
    const value = url.trim();
    if (value === "" || value.startsWith("#") || /^data:/i.test(value)) return value;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(value)) {
      if (!checkUrl(value, "resource").ok) {
        warn(`${JSON.stringify(value)} is left out: only http and https URLs load in a stylesheet`);
        return NOTHING;
      }
      if (deployment !== "air-gapped") return value;
      warn(
        `${JSON.stringify(value)} is left out: an air-gapped site loads nothing from another host${kind === "import-rule" ? "" : " (add the file to the repository and name its path)"}`,
      );
      return NOTHING;
    }
    const [target = "", suffix = ""] = splitSuffix(value);
    const decoded = decodeSafely(target);
    // A root-relative URL names a file from the site's root (the browser stops there too); a
    // relative one must not climb out of the repository.
    const repositoryPath = decoded.startsWith("/")
      ? path.normalize(decoded).replace(/^\/+/, "")
      : path.normalize(path.join(folder, decoded));
    if (repositoryPath === "" || repositoryPath === "." || repositoryPath.startsWith("..")) {
      warn(`${JSON.stringify(value)} is left out: it leads outside the repository`);
      return NOTHING;
    }
    if (!listed.has(repositoryPath)) {
      warn(`${JSON.stringify(value)} names a file the site does not publish (missing or ignored)`);
      return value;
    }
    if (!/\.css$/i.test(repositoryPath)) assets.add(repositoryPath);
    return encodeURI(relativeUrl(file, repositoryPath)) + suffix;
  };
  let css: string;
  try {
    const output = await build({
      stdin: { contents: text, loader: "css", sourcefile: file, resolveDir: "/" },
      bundle: true,
      write: false,
      logLevel: "silent",
      // Also keeps out the comment naming the file that a bundle would carry.
      minifyWhitespace: true,
      plugins: [
        {
          name: "quire-custom-css-urls",
          setup(builder) {
            builder.onResolve({ filter: /.*/ }, (args) => ({
              path: rewrite(args.path, args.kind),
              external: true,
            }));
          },
        },
      ],
    });
    css = output.outputFiles[0]?.text ?? "";
  } catch {
    warn("this stylesheet cannot be read as CSS; it is not published");
    return undefined;
  }
  // `image-set("…")` takes plain strings as URLs, which the parser does not report as URLs.
  if (
    deployment === "air-gapped" &&
    /image-set\([^)]*["']\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(css)
  ) {
    warn(
      "image-set() names a file on another host; an air-gapped site loads nothing from another host, so this stylesheet is not published",
    );
    return undefined;
  }
  return { css, assets: [...assets] };
}

/** An URL that loads nothing, standing in for one that is left out. */
const NOTHING = "data:,";

function splitSuffix(url: string): [string, string] {
  const at = url.search(/[?#]/);
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
