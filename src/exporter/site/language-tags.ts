/**
 * Language codes as docs.json writes them (`navigation.languages[].language`) turned into the
 * tags other readers of the page expect: BCP 47 for `<html lang>` and `hreflang`, and Open
 * Graph's `language_TERRITORY` for `og:locale`.
 */

/** Mintlify's own spellings that are not BCP 47 tags. */
const BCP47: Readonly<Record<string, string>> = {
  cn: "zh-Hans",
  jp: "ja",
};

/** `cn` → `zh-Hans`, `jp` → `ja`; any other code as written. */
export function languageTag(code: string): string {
  return BCP47[code] ?? code;
}

/** Open Graph locales (`og:locale`) of the codes docs.json accepts. */
const OPEN_GRAPH_LOCALES: Readonly<Record<string, string>> = {
  ar: "ar_AR",
  ca: "ca_ES",
  cn: "zh_CN",
  cs: "cs_CZ",
  da: "da_DK",
  de: "de_DE",
  en: "en_US",
  es: "es_ES",
  fi: "fi_FI",
  fr: "fr_FR",
  "fr-CA": "fr_CA",
  he: "he_IL",
  hi: "hi_IN",
  hu: "hu_HU",
  id: "id_ID",
  it: "it_IT",
  ja: "ja_JP",
  "ja-JP": "ja_JP",
  jp: "ja_JP",
  ko: "ko_KR",
  lv: "lv_LV",
  nl: "nl_NL",
  no: "nb_NO",
  pl: "pl_PL",
  pt: "pt_PT",
  "pt-BR": "pt_BR",
  ro: "ro_RO",
  ru: "ru_RU",
  sv: "sv_SE",
  th: "th_TH",
  tr: "tr_TR",
  uk: "uk_UA",
  uz: "uz_UZ",
  vi: "vi_VN",
  zh: "zh_CN",
  "zh-CN": "zh_CN",
  "zh-Hans": "zh_CN",
  "zh-Hant": "zh_TW",
  "zh-TW": "zh_TW",
};

/** `fr` → `fr_FR`, `pt-BR` → `pt_BR`; an unknown `xx-YY` → `xx_YY`, an unknown `xx` as written. */
export function openGraphLocale(code: string): string {
  return OPEN_GRAPH_LOCALES[code] ?? code.replace("-", "_");
}
