import type { SiteConfig } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { MINT_TOP_LEVEL_KEYS } from "./known-keys.ts";
import { readMintNavigation } from "./mint-navigation.ts";
import { readSiteSettings } from "./settings.ts";

type Json = Record<string, unknown>;

/**
 * Reads a legacy `mint.json` into the same model as docs.json. Keys that docs.json kept
 * (`name`, `logo`, `favicon`, `colors`, `redirects`) are read by the docs.json readers; keys
 * it renamed are checked here, under their mint.json names, and handed over already clean,
 * so every problem names a key path that exists in the author's file.
 */
export function readMintJson(raw: Json, check: ConfigChecker): SiteConfig {
  check.unknownKeys(raw, "", MINT_TOP_LEVEL_KEYS);
  const settings = readSiteSettings(convertSettings(raw, check), check, {
    requirePrimaryColor: false,
  });
  check.required(raw.navigation, "navigation", "the site's navigation (an array of groups)");
  const navigation = readMintNavigation(raw, check);
  return { ...settings, navigation, sourceFile: check.file };
}

/** The docs.json-shaped settings of a mint.json. */
function convertSettings(mint: Json, check: ConfigChecker): Json {
  const metadata = check.object(
    mint.metadata,
    "metadata",
    "an object of meta tag names and values",
  );
  const colors =
    mint.colors && typeof mint.colors === "object" && !Array.isArray(mint.colors)
      ? (mint.colors as Json)
      : undefined;
  return {
    name: mint.name,
    theme: mint.theme,
    description:
      mint.description ??
      (typeof metadata?.description === "string" ? metadata.description : undefined),
    // Only the three colours docs.json kept; `anchors` and `background` are read elsewhere or unused.
    colors: colors
      ? { primary: colors.primary, light: colors.light, dark: colors.dark }
      : mint.colors,
    logo: mint.logo,
    favicon: mint.favicon,
    redirects: mint.redirects,
    banner: mint.banner,
    appearance: convertModeToggle(mint.modeToggle, check),
    navbar: {
      links: convertTopbarLinks(mint.topbarLinks, check),
      primary: convertCtaButton(mint.topbarCtaButton, check),
    },
    footer: { socials: convertSocials(mint.footerSocials, check) },
    seo: { metatags: convertMetatags(metadata, check), indexing: convertIndexing(mint.seo, check) },
    integrations: convertAnalytics(mint, check),
    api: convertApi(mint.api, check),
    fonts: convertFont(mint.font, check),
    background: convertBackground(mint, check),
    styling: convertCodeBlock(mint.codeBlock, check),
    search: mint.search,
    feedback: convertFeedback(mint.feedback, check),
  };
}

/** `feedback`: `thumbsRating`, `suggestEdit` and `raiseIssue` are docs.json's thumbs, edits and issues. */
function convertFeedback(value: unknown, check: ConfigChecker): Json | undefined {
  const feedback = check.object(
    value,
    "feedback",
    "an object with thumbsRating, suggestEdit and raiseIssue",
  );
  if (!feedback) return undefined;
  return {
    thumbs: feedback.thumbsRating,
    edits: feedback.suggestEdit,
    issues: feedback.raiseIssue,
  };
}

/** `font`: one font, or `headings` and `body` fonts, with `url` where docs.json says `source`. */
function convertFont(value: unknown, check: ConfigChecker): Json | undefined {
  const font = check.object(value, "font", "an object with family, or headings and body");
  if (!font) return undefined;
  const one = (entry: unknown, path: string): Json | undefined => {
    const object = check.object(entry, path, "an object with family");
    if (!object) return undefined;
    const { url, ...rest } = object;
    return url === undefined ? rest : { ...rest, source: url };
  };
  const top = one(font, "font");
  const { headings, body, ...topFields } = top ?? {};
  return {
    ...topFields,
    ...(headings !== undefined ? { heading: one(headings, "font.headings") } : {}),
    ...(body !== undefined ? { body: one(body, "font.body") } : {}),
  };
}

/** `background.style` and `backgroundImage` became docs.json's `background.decoration` and `.image`. */
function convertBackground(mint: Json, check: ConfigChecker): Json | undefined {
  const background = check.object(mint.background, "background", "an object with style");
  const decoration = check.oneOf(background?.style, "background.style", [
    "gradient",
    "grid",
    "windows",
  ] as const);
  if (decoration === undefined && mint.backgroundImage === undefined) return undefined;
  return {
    ...(decoration ? { decoration } : {}),
    ...(mint.backgroundImage !== undefined ? { image: mint.backgroundImage } : {}),
  };
}

/** `codeBlock.mode`: `dark` keeps code blocks dark in both modes; `auto` follows the page. */
function convertCodeBlock(value: unknown, check: ConfigChecker): Json | undefined {
  const codeBlock = check.object(value, "codeBlock", "an object with mode");
  const mode = check.oneOf(codeBlock?.mode, "codeBlock.mode", ["dark", "auto"] as const);
  return mode === "dark" ? { codeblocks: "dark" } : undefined;
}

function convertModeToggle(value: unknown, check: ConfigChecker): Json {
  const toggle = check.object(value, "modeToggle", "an object with default and isHidden");
  return {
    default: check.oneOf(toggle?.default, "modeToggle.default", [
      "light",
      "dark",
      "system",
    ] as const),
    strict: check.boolean(toggle?.isHidden, "modeToggle.isHidden"),
  };
}

function convertTopbarLinks(value: unknown, check: ConfigChecker): Json[] {
  return check.array(value, "topbarLinks").flatMap((item, index) => {
    const path = `topbarLinks[${index}]`;
    const link = check.object(item, path, "a link object with name and url");
    if (!link) return [];
    const type = check.oneOf(link.type, `${path}.type`, ["link", "github", "discord"] as const);
    const url = check.link(link.url, `${path}.url`);
    const name = check.string(link.name, `${path}.name`) ?? defaultLabel(type);
    check.required(link.url, `${path}.url`, "the link's URL (a string)");
    if (name === undefined && link.name === undefined)
      check.error(`${path}.name`, "the link's text (a string)", undefined);
    if (url === undefined || name === undefined) return [];
    return [
      {
        label: name,
        href: url,
        ...(type === "github" || type === "discord" ? { icon: type } : {}),
      },
    ];
  });
}

function convertCtaButton(value: unknown, check: ConfigChecker): Json | undefined {
  const button = check.object(value, "topbarCtaButton", "a button object with name and url");
  if (!button) return undefined;
  const type = check.oneOf(button.type, "topbarCtaButton.type", ["link", "github"] as const);
  const url = check.link(button.url, "topbarCtaButton.url");
  const name = check.string(button.name, "topbarCtaButton.name") ?? defaultLabel(type);
  check.required(button.url, "topbarCtaButton.url", "the button's URL (a string)");
  if (name === undefined && button.name === undefined)
    check.error("topbarCtaButton.name", "the button's text (a string)", undefined);
  if (url === undefined || name === undefined) return undefined;
  return { type: type === "github" ? "github" : "button", label: name, href: url };
}

function defaultLabel(type: string | undefined): string | undefined {
  return type === "github" ? "GitHub" : type === "discord" ? "Discord" : undefined;
}

/** `footerSocials`: `{ network: url }`, or the older `[{ type, url }]`. */
function convertSocials(value: unknown, check: ConfigChecker): Json {
  const socials: Json = {};
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const entry = check.object(item, `footerSocials[${index}]`, "an object with type and url");
      const type = check.string(entry?.type, `footerSocials[${index}].type`);
      const url = check.link(entry?.url, `footerSocials[${index}].url`);
      if (entry && (type === undefined || (url === undefined && entry.url === undefined))) {
        check.error(`footerSocials[${index}]`, "an object with type and url", item);
      }
      if (type !== undefined && url !== undefined) socials[type] = url;
    });
    return socials;
  }
  const object = check.object(
    value,
    "footerSocials",
    "an object of network names and profile URLs",
  );
  for (const [network, url] of Object.entries(object ?? {})) {
    const href = check.link(url, `footerSocials.${network}`, "link", "a profile URL (a string)");
    if (href !== undefined) socials[network] = href;
  }
  return socials;
}

function convertMetatags(metadata: Json | undefined, check: ConfigChecker): Json {
  const metatags: Json = {};
  for (const [name, content] of Object.entries(metadata ?? {})) {
    const text =
      typeof content === "boolean" ? String(content) : check.string(content, `metadata.${name}`);
    if (text !== undefined) metatags[name] = text;
  }
  return metatags;
}

function convertIndexing(value: unknown, check: ConfigChecker): string | undefined {
  const seo = check.object(value, "seo");
  return check.boolean(seo?.indexHiddenPages, "seo.indexHiddenPages") ? "all" : undefined;
}

/** `analytics` (and the chat widgets of `integrations`) become docs.json integrations. */
function convertAnalytics(mint: Json, check: ConfigChecker): Json {
  const integrations: Json = {};
  for (const key of ["analytics", "integrations"]) {
    const object = check.object(mint[key], key, "an object of providers by name");
    for (const [provider, settings] of Object.entries(object ?? {})) {
      const settingsObject = check.object(
        settings,
        `${key}.${provider}`,
        `the ${provider} settings (an object)`,
      );
      if (settingsObject) integrations[provider] = settingsObject;
    }
  }
  return integrations;
}

/**
 * mint.json's `api` in docs.json's shape: `playground.mode` (`show`, `simple`, `hide`) became
 * `playground.display`, `baseUrl` and `auth` moved under `mdx`, `request.example.languages`
 * became `examples.languages`, `paramFields.expanded` became `params.expanded`.
 */
function convertApi(value: unknown, check: ConfigChecker): Json | undefined {
  const api = check.object(value, "api");
  if (!api) return undefined;
  const converted: Json = {};
  const playground = check.object(api.playground, "api.playground");
  const mode = check.oneOf(playground?.mode, "api.playground.mode", [
    "show",
    "simple",
    "hide",
  ] as const);
  if (mode !== undefined)
    converted.playground = {
      display: mode === "hide" ? "none" : mode === "simple" ? "simple" : "interactive",
    };
  const mdx: Json = {};
  if (api.baseUrl !== undefined) mdx.server = api.baseUrl;
  if (api.auth !== undefined) mdx.auth = api.auth;
  if (Object.keys(mdx).length > 0) converted.mdx = mdx;
  const request = check.object(api.request, "api.request");
  const example = check.object(request?.example, "api.request.example");
  if (example?.languages !== undefined) converted.examples = { languages: example.languages };
  const paramFields = check.object(api.paramFields, "api.paramFields");
  if (paramFields?.expanded !== undefined)
    converted.params = {
      expanded: paramFields.expanded === true || paramFields.expanded === "all" ? "all" : "closed",
    };
  return converted;
}
