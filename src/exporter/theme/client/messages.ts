import type { ClientMessageKey } from "../messages/catalogue.ts";
import { ENGLISH } from "../messages/english.ts";

let current: Partial<Record<ClientMessageKey, string>> | undefined;

/**
 * A string of the interface in the page's language: the page carries its language's strings
 * in `<html data-messages>` (JSON); English, the script's own, when it does not.
 */
export function message(
  key: ClientMessageKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  current ??= readPageMessages();
  const text = current[key] ?? ENGLISH[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

function readPageMessages(): Partial<Record<ClientMessageKey, string>> {
  const json = document.documentElement.dataset.messages;
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" ? (parsed as Record<ClientMessageKey, string>) : {};
  } catch {
    return {};
  }
}
