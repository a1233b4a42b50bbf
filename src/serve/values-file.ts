import { readFileSync } from "node:fs";
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";

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

export class ValuesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValuesError";
  }
}

/** Reads and checks a values file; environment overrides win over the file. */
export function readValuesFile(
  file: string,
  environment: NodeJS.ProcessEnv = process.env,
): StaticExportValues {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ValuesError(
      `cannot read the values file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseValues(text, file, environment);
}

export function parseValues(
  text: string,
  file: string,
  environment: NodeJS.ProcessEnv = {},
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

  if (
    environment.QUIRE_STATIC_EXPORT_ENABLED !== undefined &&
    environment.QUIRE_STATIC_EXPORT_ENABLED !== ""
  ) {
    const value = environment.QUIRE_STATIC_EXPORT_ENABLED;
    if (!/^(true|false|1|0)$/i.test(value))
      throw new ValuesError(`QUIRE_STATIC_EXPORT_ENABLED must be true or false, not "${value}"`);
    enabled = /^(true|1)$/i.test(value);
  }
  if (environment.QUIRE_STATIC_EXPORT_BUNDLE_URL)
    bundleUrl = environment.QUIRE_STATIC_EXPORT_BUNDLE_URL;
  if (environment.QUIRE_STATIC_EXPORT_VERSION) version = environment.QUIRE_STATIC_EXPORT_VERSION;
  if (environment.QUIRE_STATIC_EXPORT_SHA256)
    sha256 = checkSha256(environment.QUIRE_STATIC_EXPORT_SHA256, "QUIRE_STATIC_EXPORT_SHA256");

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
        `${where(urlNode)}: staticExport.bundleUrl must be an http(s) URL, not "${url.protocol}"`,
      );
  }
  if (version !== null && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(version)) {
    throw new ValuesError(
      `${where(versionNode)}: staticExport.version "${version}" must be letters, digits, dots, dashes or underscores (it names a folder)`,
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
  if (!/^[0-9a-f]{64}$/i.test(value.trim()))
    throw new ValuesError(
      `${what} must be the bundle's SHA-256, 64 hex characters (as the API's bundle call reports it), not ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`,
    );
  return value.trim().toLowerCase();
}
