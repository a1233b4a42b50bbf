import { readFileSync, statSync } from "node:fs";
import { isObject } from "../common/is-object.ts";
import {
  compileDestination,
  compileSource,
  type DestinationTemplate,
  fillDestination,
  matchSource,
  REDIRECT_LIMITS,
  type SourcePattern,
} from "../exporter/index.ts";
import { confine } from "../files/confine.ts";

/**
 * The redirects of a served version, read from the one file the bundle's manifest names for them
 * (`redirectRules`: `_quire/redirects.json`, docs/bundle-format.md) and from nothing else. A
 * bundle is not trusted to be well made: every rule is compiled here with the exporter's own
 * rules (bounded patterns, one spanning part at most), a rule that does not compile is left
 * out, their number and the file's size are capped, and an external destination must be an
 * http or https URL as the WHATWG URL parser reads it (as browsers do: a disguised
 * `JAVA\tSCRIPT:` is `javascript:`), the only kind a `Location` of quire serve names. The
 * export refused any other with its URL rule already; a bundle made elsewhere gets the same.
 * Fixed sources are looked up by path; patterns are tried in order.
 */
export const RULES_FILE = "_quire/redirects.json";

/** Larger rule files are not read: the site is served without its redirects. */
const MAX_RULES_FILE_BYTES = 16 * 1024 * 1024;

interface Rule {
  source: SourcePattern;
  destination: DestinationTemplate;
  permanent: boolean;
}

/** Where a matched request goes: a path of this server (decoded) or another site's URL. */
export type RedirectTarget =
  | { status: 307 | 308; internal: string; fragment?: string }
  | { status: 307 | 308; external: string };

export class RedirectRules {
  readonly #fixed = new Map<string, Rule>();
  readonly #patterns: Rule[] = [];

  get size(): number {
    return this.#fixed.size + this.#patterns.length;
  }

  /** The rules of the bundle unpacked at `root`, whose parsed manifest is `manifest`. */
  static read(root: string, manifest: unknown): RedirectRules {
    const rules = new RedirectRules();
    if (!isObject(manifest) || manifest.redirectRules !== RULES_FILE) return rules;
    const file = confine(root, RULES_FILE);
    const info = file ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !info?.isFile() || info.size > MAX_RULES_FILE_BYTES) return rules;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return rules;
    }
    const list = isObject(parsed) ? parsed.rules : undefined;
    if (!Array.isArray(list)) return rules;
    for (const item of list) rules.#add(item);
    return rules;
  }

  #add(item: unknown): void {
    if (!isObject(item)) return;
    const { source, destination, permanent } = item;
    if (typeof source !== "string" || typeof destination !== "string") return;
    const compiledSource = compileSource(source);
    if (!compiledSource.ok) return;
    const compiledDestination = compileDestination(destination, compiledSource.value);
    if (!compiledDestination.ok) return;
    if (compiledDestination.value.external && !isWebUrl(compiledDestination.value)) return;
    const rule = {
      source: compiledSource.value,
      destination: compiledDestination.value,
      permanent: permanent !== false,
    };
    const exact = rule.source.exact;
    if (exact !== undefined) {
      if (this.#fixed.size < REDIRECT_LIMITS.exactRules && !this.#fixed.has(exact))
        this.#fixed.set(exact, rule);
    } else if (this.#patterns.length < REDIRECT_LIMITS.patternRules) {
      this.#patterns.push(rule);
    }
  }

  /**
   * The redirect of a fixed path: `form` is the decoded path without its trailing slash (`` for
   * the root). Tried before the site's files, since a moved page's redirect page is one.
   */
  fixed(form: string): RedirectTarget | undefined {
    const key = form.slice(1);
    const rule = this.#fixed.get(key) ?? this.#fixed.get(key.replace(/\.html$/, ""));
    return rule ? target(rule, null) : undefined;
  }

  /** The first pattern that matches a path no file answers. */
  pattern(form: string): RedirectTarget | undefined {
    for (const rule of this.#patterns) {
      const match = matchSource(rule.source, form);
      if (match) return target(rule, match);
    }
    return undefined;
  }
}

function target(rule: Rule, match: RegExpExecArray | null): RedirectTarget | undefined {
  const status = rule.permanent ? 308 : 307;
  const filled = fillDestination(rule.destination, match ?? [], { encode: false });
  if (!rule.destination.external)
    return {
      status,
      internal: filled,
      ...(rule.destination.fragment ? { fragment: rule.destination.fragment } : {}),
    };
  const url = webUrl(filled);
  if (!url) return undefined;
  if (rule.destination.fragment) url.hash = rule.destination.fragment;
  return { status, external: url.href };
}

/** An external destination whose fixed text starts with an http(s) origin. */
function isWebUrl(template: DestinationTemplate): boolean {
  const head = template.parts[0];
  return typeof head === "string" && webUrl(head.replace(/[?#].*$/, "")) !== undefined;
}

function webUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}
