import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CLIENT_MESSAGE_KEYS,
  clientMessagesJson,
  ENGLISH,
  fillMessage,
  messagesFor,
  PLAYGROUND_MESSAGE_KEYS,
  playgroundMessagesJson,
  TRANSLATIONS,
} from "../../../src/exporter/messages/index.ts";

/** The codes docs.json's `navigation.languages[].language` accepts, as Mintlify documents them. */
const MINTLIFY_LANGUAGES = [
  "ar",
  "ca",
  "cn",
  "cs",
  "de",
  "en",
  "es",
  "fi",
  "fr",
  "fr-CA",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ja-JP",
  "jp",
  "ko",
  "lv",
  "nl",
  "no",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sv",
  "tr",
  "uk",
  "uz",
  "vi",
  "zh",
  "zh-CN",
  "zh-Hans",
  "zh-Hant",
  "zh-TW",
];

describe("the interface's message catalogue", () => {
  it("has every key, non-empty and with the same placeholders, in every language", () => {
    const keys = Object.keys(ENGLISH).sort();
    for (const [language, messages] of Object.entries(TRANSLATIONS)) {
      expect(Object.keys(messages).sort(), language).toEqual(keys);
      for (const key of keys) {
        const text = messages[key as keyof typeof ENGLISH];
        expect(text.trim(), `${language}.${key}`).not.toBe("");
        const placeholders = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${language}.${key}`).toEqual(
          placeholders(ENGLISH[key as keyof typeof ENGLISH]),
        );
      }
    }
  });

  it("translates the interface for every language docs.json accepts", () => {
    for (const code of MINTLIFY_LANGUAGES) {
      const messages = messagesFor(code);
      if (code === "en") expect(messages).toBe(ENGLISH);
      else expect(messages.onThisPage, code).not.toBe(ENGLISH.onThisPage);
    }
  });

  it("reads Mintlify's own spellings and regional codes as the language they name", () => {
    expect(messagesFor("cn").onThisPage).toBe("本页内容");
    expect(messagesFor("zh-TW").onThisPage).toBe("本頁內容");
    expect(messagesFor("jp").next).toBe("次へ");
    expect(messagesFor("fr-CA").next).toBe("Suivant");
    expect(messagesFor("pt-BR").previous).toBe("Anterior");
    expect(messagesFor("de-AT").copyPage).toBe("Seite kopieren");
  });

  it("falls back to English for a language it does not know, and for none", () => {
    expect(messagesFor("tlh")).toBe(ENGLISH);
    expect(messagesFor(undefined)).toBe(ENGLISH);
  });

  it("fills in placeholders and leaves unknown ones as written", () => {
    expect(fillMessage(messagesFor("fr").goTo, { name: "Lumen" })).toBe("Aller à Lumen");
    expect(fillMessage("{count} of {total}", { count: 3 })).toBe("3 of {total}");
  });

  it("hands the client script its strings for other languages only", () => {
    expect(clientMessagesJson("en")).toBeUndefined();
    expect(clientMessagesJson(undefined)).toBeUndefined();
    const french = JSON.parse(clientMessagesJson("fr") as string);
    expect(Object.keys(french).sort()).toEqual([...CLIENT_MESSAGE_KEYS].sort());
    expect(french.copied).toBe("Copié");
  });

  it("hands a playground its longer explanations, for other languages only", () => {
    expect(playgroundMessagesJson(ENGLISH)).toBeUndefined();
    const french = JSON.parse(playgroundMessagesJson(messagesFor("fr")) as string);
    expect(Object.keys(french).sort()).toEqual([...PLAYGROUND_MESSAGE_KEYS].sort());
    expect(french.binaryBodyOfType).toBe("Corps binaire, {size} ({type}).");
    // A key is carried once: by the page or by the playground.
    for (const key of PLAYGROUND_MESSAGE_KEYS)
      expect(CLIENT_MESSAGE_KEYS as readonly string[], key).not.toContain(key);
  });

  it("covers every string the playground shows", () => {
    const directory = "src/exporter/theme/client/api-playground";
    const files = readdirSync(directory)
      .map((name) => readFileSync(`${directory}/${name}`, "utf8"))
      .concat(readFileSync("src/exporter/theme/client/components/api-playground.ts", "utf8"));
    const known = [...CLIENT_MESSAGE_KEYS, ...PLAYGROUND_MESSAGE_KEYS] as readonly string[];
    const used = new Set(
      files.flatMap((text) => [...text.matchAll(/message\(\s*"(\w+)"/g)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) expect(known, key).toContain(key);
    // No sentence of its own: a capitalised string of three words or more would stay English.
    const code = files.join("\n").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
    expect(code).not.toMatch(/["`][A-Z][a-z]+ [a-z]+ [a-z]+/);
  });

  it("covers every string the client script shows", () => {
    // A client component showing English text of its own would not be translated.
    const files = [
      "search",
      "copy-code",
      "copy-page",
      "views",
      "assistant",
      "mermaid",
      "image-zoom",
      "update-filter",
    ].map((name) => readFileSync(`src/exporter/theme/client/components/${name}.ts`, "utf8"));
    const used = new Set(
      files.flatMap((text) => [...text.matchAll(/message\("(\w+)"/g)].map((m) => m[1])),
    );
    for (const key of used) expect(CLIENT_MESSAGE_KEYS as readonly string[], key).toContain(key);
    expect(files.join("\n")).not.toMatch(/textContent = "[A-Z]/);
  });
});
