// The chart in deploy/helm/quire rendered by go-template.ts and read back as Kubernetes objects,
// for the tests of test/deploy.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { parseAllDocuments } from "yaml";
import { Chart } from "./go-template.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CHART_DIR = path.join(ROOT, "deploy/helm/quire");
export const TEMPLATES = path.join(CHART_DIR, "templates");
export const chart = new Chart(CHART_DIR);

// biome-ignore lint/suspicious/noExplicitAny: rendered Kubernetes objects are read field by field
export type K8sObject = Record<string, any>;

/** The chart rendered with `overrides`: its objects by kind, and NOTES.txt. */
export function render(
  overrides: Record<string, unknown> = {},
  release?: { Name: string; Namespace: string },
) {
  const files = chart.render(overrides, release);
  const objects: K8sObject[] = [];
  for (const [name, text] of files) {
    if (name === "NOTES.txt") continue;
    for (const document of parseAllDocuments(text)) {
      expect(document.errors, `${name} renders invalid YAML:\n${text}`).toEqual([]);
      const object = document.toJS();
      if (object !== null) objects.push({ ...object, source: name });
    }
  }
  const ofKind = (kind: string): K8sObject[] => objects.filter((object) => object.kind === kind);
  const one = (kind: string): K8sObject => {
    const found = ofKind(kind);
    expect(found, `one ${kind}`).toHaveLength(1);
    return found[0] as K8sObject;
  };
  /** The object of this kind and name. */
  const named = (kind: string, name: string): K8sObject => {
    const found = ofKind(kind).filter((object) => object.metadata.name === name);
    expect(found, `one ${kind} ${name}`).toHaveLength(1);
    return found[0] as K8sObject;
  };
  return { files, objects, ofKind, one, named, notes: files.get("NOTES.txt") ?? "" };
}

/**
 * Every `.Values.a.b` (or `$.Values.a.b`) a template names, with the file. A variable set to
 * `.Values.a` alone (`$v := .Values.a`) and read as `$v.b` counts as `.Values.a.b`, not as all
 * of `.Values.a`; read as `$v`, as `.Values.a`.
 */
export function valuesReferences(): { file: string; path: string[] }[] {
  const references: { file: string; path: string[] }[] = [];
  const FIELDS = "((?:\\.[A-Za-z_][A-Za-z0-9_]*)+)";
  for (const file of readdirSync(TEMPLATES)) {
    const text = readFileSync(path.join(TEMPLATES, file), "utf8");
    const aliases = new Map<string, string[]>();
    for (const action of text.matchAll(/\{\{(.*?)\}\}/gs)) {
      const body = action[1] as string;
      const alias = new RegExp(
        `^\\s*(\\$[A-Za-z_][A-Za-z0-9_]*)\\s*:?=\\s*\\$?\\.Values${FIELDS}\\s*$`,
      ).exec(body.replace(/^-|-$/g, ""));
      if (alias) {
        aliases.set(alias[1] as string, (alias[2] as string).slice(1).split("."));
        continue;
      }
      for (const match of body.matchAll(new RegExp(`(?:^|[\\s($])\\.Values${FIELDS}`, "g")))
        references.push({ file, path: (match[1] as string).slice(1).split(".") });
      for (const match of body.matchAll(new RegExp(`(\\$[A-Za-z_][A-Za-z0-9_]*)${FIELDS}?`, "g"))) {
        const base = aliases.get(match[1] as string);
        if (!base) continue;
        const rest = match[2] ? (match[2] as string).slice(1).split(".") : [];
        references.push({ file, path: [...base, ...rest] });
      }
    }
  }
  return references;
}
