import type { Problem } from "../problems.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType, SiteConfig } from "../site/types.ts";
import { type AssetFile, hashedPath } from "./build-assets.ts";
import { collectCustomAssets } from "./custom-assets.ts";
import { resolveSiteFonts } from "./site-fonts.ts";
import { siteStylesheet } from "./site-style.ts";

export interface SiteAssets {
  /** Files Quire writes for this site: its stylesheet, shipped fonts, the custom stylesheets. */
  files: AssetFile[];
  /** The site stylesheet's bundle path. */
  siteCss: string;
  /** Repository files the site's look uses (fonts, background images, what custom CSS names), published as they are. */
  assets: string[];
  externalStylesheets: string[];
  customStylesheets: string[];
  customScripts: string[];
  /** Origins of the stylesheets and fonts pages load from other hosts, for a server's policy. */
  styleOrigins: string[];
  fontOrigins: string[];
}

/**
 * Everything of a site's look that depends on its repository and settings rather than on its
 * pages: the site stylesheet (colours, fonts, background), the fonts it ships, the background
 * images, and the repository's own stylesheets and scripts. Problems are warnings: a look that
 * cannot be honoured in full never stops an export.
 */
export async function prepareSiteAssets(
  config: SiteConfig,
  deployment: DeploymentType,
  repo: RepoFiles,
  files: readonly string[],
  problems: Problem[],
): Promise<SiteAssets> {
  const listed = new Set(files);
  const assets: string[] = [];
  const publish = (file: string): void => {
    if (!assets.includes(file)) assets.push(file);
  };
  const fonts = resolveSiteFonts(config, deployment, (file) => listed.has(file), problems);
  for (const file of fonts.assets) publish(file);
  const imageUrl = (image: string): string | undefined => {
    if (/^https?:\/\//i.test(image) || image.startsWith("//")) {
      if (deployment !== "air-gapped") return image;
      problems.push({
        severity: "warning",
        rule: "background",
        file: config.sourceFile,
        message: `${config.sourceFile}: background.image: ${image} is left out: an air-gapped site loads nothing from another host`,
      });
      return undefined;
    }
    const file = image.replace(/^\.?\/+/, "");
    if (!listed.has(file)) {
      problems.push({
        severity: "warning",
        rule: "background",
        file: config.sourceFile,
        message: `${config.sourceFile}: background.image: ${image} is not a file of the repository; the page has no background image`,
      });
      return undefined;
    }
    publish(file);
    return encodeURI(`../${file}`);
  };
  const css = siteStylesheet(config, fonts, imageUrl);
  const siteCss = hashedPath("_quire/site", "css", css);
  const custom = await collectCustomAssets(repo, files, deployment, problems);
  for (const file of custom.assets) publish(file);
  const origins = (urls: string[]): string[] => [
    ...new Set(urls.flatMap((url) => (/^https?:\/\//i.test(url) ? [new URL(url).origin] : []))),
  ];
  const remoteFonts = [config.fonts.body?.source, config.fonts.heading?.source].filter(
    (source): source is string => Boolean(source && deployment !== "air-gapped"),
  );
  return {
    files: [{ path: siteCss, content: css }, ...fonts.files, ...custom.files],
    styleOrigins: origins(fonts.stylesheets),
    // Google's stylesheets name their font files on a host of their own.
    fontOrigins: origins([
      ...remoteFonts,
      ...(fonts.stylesheets.length > 0 ? ["https://fonts.gstatic.com"] : []),
    ]),
    siteCss,
    assets,
    externalStylesheets: fonts.stylesheets,
    customStylesheets: custom.stylesheets,
    customScripts: custom.scripts,
  };
}
