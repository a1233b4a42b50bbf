import type { ClientMessageKey, PlaygroundMessageKey } from "../../messages/catalogue.ts";
import { ENGLISH } from "../../messages/english.ts";

type Key = ClientMessageKey | PlaygroundMessageKey;

let current: Partial<Record<Key, string>> | undefined;

/**
 * A string of the interface in the page's language: the page carries its language's strings
 * in `<html data-messages>` (JSON), a playground its own in its mount point's; English, the
 * script's own, when they do not.
 */
export function message(key: Key, values: Readonly<Record<string, string | number>> = {}): string {
  current ??= parseMessages(document.documentElement.dataset.messages);
  const text = current[key] ?? ENGLISH[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Adds the strings an element carries (a playground's `data-messages`) to the page's. */
export function addMessages(json: string | undefined): void {
  current = {
    ...(current ?? parseMessages(document.documentElement.dataset.messages)),
    ...parseMessages(json),
  };
}

function parseMessages(json: string | undefined): Partial<Record<Key, string>> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" ? (parsed as Record<Key, string>) : {};
  } catch {
    return {};
  }
}
