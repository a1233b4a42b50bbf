import type { NotFoundSettings } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";

/**
 * `errors.404`: the missing-page page's title and description, or a jump to the home page.
 * Without `redirect: true` the page is shown: a reader who followed a stale link learns the page
 * is gone (and the redirect rules get their chance first), instead of landing somewhere else.
 */
export function readNotFound(value: unknown, check: ConfigChecker): NotFoundSettings {
  const settings: NotFoundSettings = { redirect: false };
  const errors = check.object(value, "errors", 'an object with "404"');
  if (!errors) return settings;
  reportIgnoredKeys(errors, "errors", new Set(["404"]), check);
  const page = check.object(
    errors["404"],
    "errors.404",
    "an object with redirect, title or description",
  );
  if (!page) return settings;
  reportIgnoredKeys(page, "errors.404", new Set(["redirect", "title", "description"]), check);
  settings.redirect = check.boolean(page.redirect, "errors.404.redirect") ?? false;
  const title = check.string(page.title, "errors.404.title");
  if (title?.trim()) settings.title = title.trim();
  const description = check.string(page.description, "errors.404.description");
  if (description?.trim()) settings.description = description.trim();
  for (const [, href] of (description ?? "").matchAll(/\]\(([^)\s]+)\)/g))
    check.link(href, "errors.404.description");
  return settings;
}
