/**
 * How each language names itself, for the language switcher. Covers the codes docs.json
 * accepts (including Mintlify's own spellings `cn` and `jp`); any other code shows as written.
 */
const LANGUAGE_NAMES: Record<string, string> = {
  ar: "العربية",
  ca: "Català",
  cn: "中文",
  cs: "Čeština",
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  "fr-CA": "Français (Canada)",
  he: "עברית",
  hi: "हिन्दी",
  hu: "Magyar",
  id: "Bahasa Indonesia",
  it: "Italiano",
  ja: "日本語",
  "ja-JP": "日本語",
  jp: "日本語",
  ko: "한국어",
  lv: "Latviešu",
  nl: "Nederlands",
  no: "Norsk",
  pl: "Polski",
  pt: "Português",
  "pt-BR": "Português (Brasil)",
  ro: "Română",
  ru: "Русский",
  sv: "Svenska",
  th: "ไทย",
  tr: "Türkçe",
  uk: "Українська",
  uz: "Oʻzbekcha",
  vi: "Tiếng Việt",
  zh: "中文",
  "zh-CN": "简体中文",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
  "zh-TW": "繁體中文",
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? code;
}
