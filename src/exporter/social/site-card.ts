import type { Problem } from "../problems.ts";
import { engineFingerprint } from "../render/engine-fingerprint.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import type { SiteConfig } from "../site/types.ts";
import { hashedPath } from "../theme/build-assets.ts";
import { type CachedCard, CardCache } from "./card-cache.ts";
import { cardFonts } from "./card-fonts.ts";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent, cardLayout } from "./card-layout.ts";
import { pngSize } from "./png-size.ts";
import { rasterizeSvg } from "./rasterize.ts";

/** The drawn card: where it goes in the bundle, and its PNG bytes. */
export interface SiteCardFile {
  /** Bundle path, content-hashed: `_quire/og/site.<hash>.png`. */
  path: string;
  content: Uint8Array;
}

/** Logos are drawn at twice the height they are shown at, for sharp edges. */
const LOGO_RASTER_HEIGHT = 128;

/**
 * Whether a drawn card would be any page's image: not when docs.json names one for every page
 * (`seo.metatags["og:image"]`), nor when `thumbnails.background` is a picture on another host,
 * which an export that reaches no network cannot draw on, and which stays every page's image.
 */
export function wantsSiteCard(config: SiteConfig): boolean {
  if (config.seo.metatags["og:image"]) return false;
  const background = config.thumbnails.background;
  return !background || cardPicture(background) !== undefined;
}

/**
 * The site's social preview card (1200×630 PNG): its logo, name and description in the
 * thumbnails' appearance, over `thumbnails.background` when that is a repository picture.
 * One card per export, for every page without an image of its own (docs/decisions.md,
 * "Social images", says why not one per page).
 */
export async function drawSiteCard(
  config: SiteConfig,
  repo: RepoFiles,
  cacheDir?: string,
): Promise<{ card: SiteCardFile; problems: Problem[] }> {
  const appearance =
    config.thumbnails.appearance ?? (config.appearance.default === "dark" ? "dark" : "light");
  const content: CardContent = {
    title: config.name,
    ...(config.description ? { description: config.description } : {}),
    appearance,
    accent: appearance === "dark" ? config.colors.light : config.colors.primary,
  };
  const logoFile = config.logo?.[appearance];
  const backgroundFile = config.thumbnails.background;
  const cache = cacheDir ? new CardCache(cacheDir) : undefined;
  const key = CardCache.key([
    engineFingerprint(),
    JSON.stringify(content),
    ...[logoFile, backgroundFile].flatMap((file) =>
      file ? [file, readRepoFile(repo, file) ?? ""] : [""],
    ),
  ]);
  let drawn = cache?.read(key);
  if (!drawn) {
    drawn = await draw(content, repo, logoFile, backgroundFile);
    cache?.write(key, drawn);
  }
  const path = hashedPath("_quire/og/site", "png", Buffer.from(drawn.png));
  return { card: { path, content: drawn.png }, problems: drawn.problems };
}

async function draw(
  content: CardContent,
  repo: RepoFiles,
  logoFile: string | undefined,
  backgroundFile: string | undefined,
): Promise<CachedCard> {
  const problems: Problem[] = [];
  const pictures = new PictureReader(repo, problems);
  const logo = logoFile ? await pictures.logo(logoFile) : undefined;
  const background = backgroundFile ? await pictures.background(backgroundFile) : undefined;
  // Loaded here, not with the exporter: exports that draw no card do not pay for it.
  const { default: satori } = await import("satori");
  const layout = cardLayout({
    ...content,
    ...(logo ? { logo } : {}),
    ...(background ? { background } : {}),
  });
  const svg = await satori(layout as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
  });
  return { png: await rasterizeSvg(svg), problems };
}

type PictureKind = "svg" | "png" | "jpeg";

/** The kind of a repository picture the card can draw; undefined for other files and URLs. */
function cardPicture(file: string): PictureKind | undefined {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(file)) return undefined;
  const extension = file.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === "svg" || extension === "png") return extension;
  return extension === "jpg" || extension === "jpeg" ? "jpeg" : undefined;
}

/**
 * Repository pictures as data URIs the card can hold. One that is not what its name says is
 * left off the card with a warning, rather than failing the export.
 */
class PictureReader {
  private readonly repo: RepoFiles;
  private readonly problems: Problem[];

  constructor(repo: RepoFiles, problems: Problem[]) {
    this.repo = repo;
    this.problems = problems;
  }

  /** The logo as a PNG with its size; none if it is on another host or cannot be drawn. */
  async logo(file: string): Promise<CardContent["logo"] | undefined> {
    const kind = cardPicture(file);
    if (kind !== "svg" && kind !== "png") return undefined;
    const png = await this.png(file, kind, LOGO_RASTER_HEIGHT);
    const size = png ? pngSize(png) : undefined;
    if (!png || !size) return undefined;
    return { src: dataUri("png", png), ...size };
  }

  async background(file: string): Promise<string | undefined> {
    const kind = cardPicture(file);
    if (kind === "jpeg") {
      const bytes = this.read(file);
      if (bytes && bytes[0] === 0xff && bytes[1] === 0xd8) return dataUri("jpeg", bytes);
      if (bytes) this.warnUndrawable(file);
      return undefined;
    }
    const png = kind ? await this.png(file, kind, CARD_HEIGHT) : undefined;
    return png ? dataUri("png", png) : undefined;
  }

  /** A PNG file checked, or an SVG file drawn at the given height. */
  private async png(file: string, kind: "svg" | "png", height: number) {
    const bytes = this.read(file);
    if (!bytes) return undefined;
    if (kind === "png") {
      if (pngSize(bytes)) return bytes;
      this.warnUndrawable(file);
      return undefined;
    }
    try {
      return await rasterizeSvg(bytes.toString("utf8"), { height });
    } catch {
      this.warnUndrawable(file);
      return undefined;
    }
  }

  private read(file: string): Buffer | undefined {
    return readRepoFile(this.repo, file);
  }

  private warnUndrawable(file: string): void {
    this.problems.push({
      severity: "warning",
      rule: "social-card",
      file: file.replace(/^\/+/, ""),
      message:
        "is not a picture the social preview card can draw (PNG, JPEG or SVG); the card is drawn without it",
    });
  }
}

/** A picture from the repository (confined to it); a missing one is reported elsewhere. */
function readRepoFile(repo: RepoFiles, file: string): Buffer | undefined {
  if (cardPicture(file) === undefined) return undefined;
  try {
    return repo.readBytes(file.replace(/^\/+/, ""));
  } catch (error) {
    if (error instanceof RepoFileError || (error as NodeJS.ErrnoException).code === "ENOENT")
      return undefined;
    throw error;
  }
}

function dataUri(kind: PictureKind | "png", bytes: Uint8Array): string {
  return `data:image/${kind};base64,${Buffer.from(bytes).toString("base64")}`;
}
