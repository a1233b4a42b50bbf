import { ENGLISH, type MessageKey, type Messages } from "./english.ts";
import { TRANSLATIONS } from "./translations.ts";

/**
 * Codes docs.json accepts that name a language the catalogue holds under another code:
 * Mintlify's own spellings (`cn`, `jp`) and regional variants the interface does not tell apart.
 */
const CATALOGUE_CODE: Readonly<Record<string, string>> = {
  cn: "zh-Hans",
  zh: "zh-Hans",
  "zh-CN": "zh-Hans",
  "zh-TW": "zh-Hant",
  jp: "ja",
  "ja-JP": "ja",
  "fr-CA": "fr",
  "pt-BR": "pt",
};

/** The theme's strings for a page in `language` (a docs.json language code); English when unknown. */
export function messagesFor(language: string | undefined): Messages {
  if (!language || language === "en") return ENGLISH;
  return (
    TRANSLATIONS[CATALOGUE_CODE[language] ?? language] ??
    TRANSLATIONS[language.split("-")[0] as string] ??
    ENGLISH
  );
}

/** A string with its `{name}` placeholders filled in. */
export function fillMessage(
  text: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The strings the client script shows (search, copy buttons, …): a page hands it these. */
export const CLIENT_MESSAGE_KEYS = [
  "searchDocumentation",
  "closeSearch",
  "searchResults",
  "searchHelpMove",
  "searchHelpOpen",
  "searchHelpClose",
  "searchLoading",
  "searchNoResults",
  "searchOneResult",
  "searchResultCount",
  "searchUnavailable",
  "copy",
  "copyCode",
  "copied",
  "copyFailed",
  "pressCtrlC",
  "showMore",
  "showLess",
  "view",
  "tryIt",
  "send",
  "cancel",
  "close",
  "server",
  "baseUrl",
  "otherBaseUrl",
  "pathParameters",
  "queryParameters",
  "headerParameters",
  "body",
  "notSet",
  "authorization",
  "forgetCredentials",
  "credentialsKept",
  "ctrlEnterSends",
  "formFieldsAsJson",
  "sending",
  "noAnswerWithin",
  "cancelled",
  "noBody",
  "responseHeaders",
  "enterBaseUrl",
  "fillPathParameter",
  "askAi",
  "askAiAboutDocumentation",
  "askAiAboutThis",
  "closeAssistant",
  "assistantQuestion",
  "assistantPlaceholder",
  "ask",
  "sources",
  "assistantNote",
  "assistantSearching",
  "assistantWriting",
  "assistantNoAnswer",
  "assistantAnsweredStatus",
  "assistantAnswerFailed",
  "assistantFailed",
  "image",
  "zoomIn",
  "zoomOut",
  "moveUp",
  "moveDown",
  "moveLeft",
  "moveRight",
  "resetView",
  "filterUpdates",
] as const satisfies readonly MessageKey[];

export type ClientMessageKey = (typeof CLIENT_MESSAGE_KEYS)[number];

/**
 * The playground's longer explanations (why a request failed, how a credential is sent): only
 * pages with a playground need them, so its mount point carries them, not every page.
 */
export const PLAYGROUND_MESSAGE_KEYS = [
  "invalidUrl",
  "requestNotBuilt",
  "invalidJson",
  "jsonUnexpected",
  "jsonEndsEarly",
  "userNameOf",
  "passwordOf",
  "sentAsBearer",
  "sentInHeader",
  "sentInQuery",
  "cookiesNotSent",
  "apiKeyCookie",
  "cookieParameter",
  "corsHeadersOnly",
  "sentThroughProxy",
  "requestFailed",
  "causeCors",
  "causeUnreachable",
  "causeMixedContent",
  "developerConsole",
  "byteCount",
  "binaryBody",
  "binaryBodyOfType",
  "showingFirstMegabyte",
  "proxyGaveNoReason",
  "proxyRefused",
  "statusNotShowable",
] as const satisfies readonly MessageKey[];

export type PlaygroundMessageKey = (typeof PLAYGROUND_MESSAGE_KEYS)[number];

/**
 * The client script's strings for a page in `language`, as JSON for the page's
 * `data-messages` attribute; none for English, which the client script carries itself.
 */
export function clientMessagesJson(language: string | undefined): string | undefined {
  const messages = messagesFor(language);
  if (messages === ENGLISH) return undefined;
  return JSON.stringify(Object.fromEntries(CLIENT_MESSAGE_KEYS.map((key) => [key, messages[key]])));
}

/**
 * The playground's strings in `messages`' language, as JSON for its mount point's
 * `data-messages` attribute; none for English, which the client script carries itself.
 */
export function playgroundMessagesJson(messages: Messages): string | undefined {
  if (messages === ENGLISH) return undefined;
  return JSON.stringify(
    Object.fromEntries(PLAYGROUND_MESSAGE_KEYS.map((key) => [key, messages[key]])),
  );
}

export { ENGLISH, type MessageKey, type Messages };
