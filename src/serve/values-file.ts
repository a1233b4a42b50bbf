import { readFileSync } from "node:fs";
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";
import {
  BUNDLE_VERSION_RULE,
  isBundleVersion,
  normalizedSha256,
  quoted,
  SHA256_RULE,
} from "../config/bundle-pins.ts";
import type { Config } from "../config/settings.ts";
import { ConfigError } from "../domain/errors.ts";

/**
 * The `staticExport` group of a deployment's values file (the same file the Helm chart
 * renders): whether to serve a bundle, its link, an optional pinned version and an optional
 * SHA-256 of the archive. Keys Quire does not know are ignored (the file is shared with the
 * rest of a deployment's settings); a known key with the wrong type is an error naming the
 * key, the file and the line.
 */
export interface StaticExportValues {
  enabled: boolean;
  bundleUrl: string | null;
  version: string | null;
  /** The archive's SHA-256 as the API reports it with the link (64 lowercase hex characters). */
  sha256: string | null;
}

/**
 * Values given outside the file, already checked (the `QUIRE_STATIC_EXPORT_*` settings): each
 * one given wins over the file.
 */
export type StaticExportOverrides = Partial<{
  enabled: boolean;
  bundleUrl: string;
  version: string;
  sha256: string;
}>;

/** The overrides of the resolved configuration (`QUIRE_STATIC_EXPORT_ENABLED` and the rest). */
export function valuesOverrides(
  config: Pick<
    Config,
    "staticExportEnabled" | "staticExportBundleUrl" | "staticExportVersion" | "staticExportSha256"
  >,
): StaticExportOverrides {
  return {
    enabled: config.staticExportEnabled,
    bundleUrl: config.staticExportBundleUrl,
    version: config.staticExportVersion,
    sha256: config.staticExportSha256,
  };
}

/** A mistake in the values file, named by its key and line. */
export class ValuesError extends ConfigError {
  constructor(message: string) {
    super(message, { code: "QUIRE_ERR_SERVE_VALUES_INVALID" });
  }
}

/** Reads and checks a values file; the overrides win over the file. */
export function readValuesFile(
  file: string,
  overrides: StaticExportOverrides = {},
): StaticExportValues {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ValuesError(
      `cannot read the values file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseValues(text, file, overrides);
}

export function parseValues(
  text: string,
  file: string,
  overrides: StaticExportOverrides = {},
): StaticExportValues {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (document.errors.length > 0) {
    const [error] = document.errors;
    const offset = error?.pos?.[0];
    const position = offset === undefined ? undefined : lines.linePos(offset);
    throw new ValuesError(
      `${file}${position ? `:${position.line}:${position.col}` : ""}: not valid YAML: ${error?.message.split("\n")[0]}`,
    );
  }
  const where = (node: unknown) => {
    const range = (node as { range?: [number, number] } | undefined)?.range;
    if (!range) return file;
    const { line, col } = lines.linePos(range[0]);
    return `${file}:${line}:${col}`;
  };
  const root = document.contents;
  if (root !== null && !isMap(root))
    throw new ValuesError(`${where(root)}: the values file must be a mapping of keys`);
  const group = root ? root.get("staticExport", true) : undefined;
  if (group !== undefined && group !== null && !isMap(group))
    throw new ValuesError(
      `${where(group)}: staticExport must be a mapping (enabled, bundleUrl, version, sha256)`,
    );
  const field = (key: string) => (group && isMap(group) ? group.get(key, true) : undefined);

  const enabledNode = field("enabled");
  const urlNode = field("bundleUrl");
  const versionNode = field("version");
  const sha256Node = field("sha256");
  const scalar = (node: unknown) => (isScalar(node) ? node.value : node);

  let enabled = false;
  if (enabledNode !== undefined && scalar(enabledNode) !== null) {
    if (typeof scalar(enabledNode) !== "boolean")
      throw new ValuesError(
        `${where(enabledNode)}: staticExport.enabled must be true or false, not ${JSON.stringify(scalar(enabledNode))}`,
      );
    enabled = scalar(enabledNode) as boolean;
  }
  let bundleUrl: string | null = null;
  if (urlNode !== undefined && scalar(urlNode) !== null) {
    if (typeof scalar(urlNode) !== "string")
      throw new ValuesError(
        `${where(urlNode)}: staticExport.bundleUrl must be a URL string, not ${JSON.stringify(scalar(urlNode))}`,
      );
    // The chart's values file writes an unset link as "" (its default): that is no link.
    if (scalar(urlNode) !== "") bundleUrl = scalar(urlNode) as string;
  }
  let version: string | null = null;
  if (versionNode !== undefined && scalar(versionNode) !== null) {
    const value = scalar(versionNode);
    if (typeof value !== "string") {
      throw new ValuesError(
        `${where(versionNode)}: staticExport.version must be a string, not ${JSON.stringify(value)}${typeof value === "number" ? ` (quote it: version: "${value}")` : ""}`,
      );
    }
    // "" is the chart's default for an unpinned version.
    if (value !== "") version = value;
  }
  let sha256: string | null = null;
  if (sha256Node !== undefined && scalar(sha256Node) !== null) {
    const value = scalar(sha256Node);
    if (typeof value !== "string")
      throw new ValuesError(
        `${where(sha256Node)}: staticExport.sha256 must be a string of 64 hex characters, not ${JSON.stringify(value)}`,
      );
    // "" is the chart's default: no checksum to check.
    if (value !== "") sha256 = checkSha256(value, `${where(sha256Node)}: staticExport.sha256`);
  }

  if (overrides.enabled !== undefined) enabled = overrides.enabled;
  if (overrides.bundleUrl !== undefined) bundleUrl = overrides.bundleUrl;
  if (overrides.version !== undefined) version = overrides.version;
  if (overrides.sha256 !== undefined) sha256 = overrides.sha256;

  if (bundleUrl !== null) {
    let url: URL;
    try {
      url = new URL(bundleUrl);
    } catch {
      throw new ValuesError(
        `${where(urlNode)}: staticExport.bundleUrl is not a URL: "${bundleUrl}"`,
      );
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new ValuesError(
        `${where(urlNode)}: staticExport.bundleUrl must be an http(s) URL, not "${url.protocol}"${url.protocol === "file:" ? ": to serve a bundle on this machine, run quire serve PATH with no values file" : ""}`,
      );
  }
  if (version !== null && !isBundleVersion(version)) {
    throw new ValuesError(
      `${where(versionNode)}: staticExport.version "${version}" must be ${BUNDLE_VERSION_RULE}`,
    );
  }
  if (enabled && bundleUrl === null && version === null)
    throw new ValuesError(
      `${where(group)}: staticExport.enabled is true, so staticExport.bundleUrl is required (or a version already unpacked)`,
    );
  return { enabled, bundleUrl, version, sha256 };
}

/** A SHA-256 in hex (either case), lowercased; `what` names where it was read. */
function checkSha256(value: string, what: string): string {
  const digest = normalizedSha256(value);
  if (!digest) throw new ValuesError(`${what} must be ${SHA256_RULE}, not ${quoted(value)}`);
  return digest;
}
