import type { Problem } from "../problems.ts";
import { type AssetDecision, decideAsset } from "../safety/asset-policy.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import type { SiteConfig } from "../site/types.ts";

/**
 * Which repository files the bundle publishes, and the warnings that decision carries. The
 * export and the site check share it, so both report the same unsafe and unused files.
 */

/** Files that may be referenced by pages; others (sources, config, code) are not reported as unused. */
const ASSET_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|mp4|webm|mov|mp3|wav|ogg|pdf|zip|tar|gz|csv|xlsx?|docx?|pptx?|json|ya?ml|txt)$/i;

/**
 * Repository files the configuration uses (logo, favicon, the social preview image
 * `thumbnails.background`) and the site's look names, that exist.
 */
export function configAssetFiles(
  config: SiteConfig,
  siteAssets: readonly string[],
  repo: RepoFiles,
): string[] {
  return [
    config.logo?.light,
    config.logo?.dark,
    config.favicon?.light,
    config.favicon?.dark,
    config.thumbnails.background,
  ]
    .filter((file): file is string => typeof file === "string" && !/^(https?:)?\/\//.test(file))
    .map((file) => file.replace(/^\/+/, ""))
    .concat(siteAssets)
    .filter((file, index, all) => all.indexOf(file) === index && repo.exists(file));
}

/**
 * What becomes of one used file (safety/asset-policy.ts), and the warning when it is not
 * published as it is: refused, or published without what could run script.
 */
export function decidePublishedFile(
  repo: RepoFiles,
  asset: string,
): { decision: AssetDecision; problem?: Problem } {
  let decision: AssetDecision;
  try {
    decision = decideAsset(asset, () => repo.readText(asset));
  } catch (error) {
    if (!(error instanceof RepoFileError)) throw error;
    decision = { action: "refuse", reason: error.message };
  }
  const warning = (message: string): Problem => ({
    severity: "warning",
    rule: "unsafe-file",
    file: asset,
    message,
  });
  if (decision.action === "refuse") return { decision, problem: warning(decision.reason) };
  if (decision.action === "write" && decision.removed.length > 0)
    return {
      decision,
      problem: warning(`published without what could run script: ${decision.removed.join("; ")}`),
    };
  return { decision };
}

/** A warning for each file that looks like a page asset but that nothing uses (it is left out). */
export function unusedFileProblems(files: readonly string[], used: ReadonlySet<string>): Problem[] {
  return files
    .filter((file) => ASSET_EXTENSIONS.test(file) && !used.has(file) && !isConfigFile(file))
    .map((file) => ({
      severity: "warning",
      rule: "unused-file",
      file,
      message: "no page uses this file; it is not in the export",
    }));
}

function isConfigFile(file: string): boolean {
  return (
    /^(docs|mint|package|package-lock|tsconfig|openapi|vercel|netlify)\.json$/i.test(file) ||
    file.startsWith("snippets/") ||
    /(^|\/)(openapi|swagger|asyncapi)[^/]*\.(json|ya?ml)$/i.test(file)
  );
}
