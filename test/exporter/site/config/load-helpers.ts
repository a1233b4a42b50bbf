import { ExportFailedError, type Problem } from "../../../../src/exporter/problems.ts";
import { loadSiteConfig } from "../../../../src/exporter/site/load-config.ts";
import { RepoFiles } from "../../../../src/exporter/site/repo-files.ts";
import type { NavNode } from "../../../../src/exporter/site/types.ts";
import { makeRepo } from "../../../helpers/temp-repo.ts";

/** Loads the configuration of a repository made of these files. */
export function load(files: Record<string, string>) {
  return loadSiteConfig(new RepoFiles(makeRepo(files)));
}

/** The error a refused configuration throws. */
export function failure(files: Record<string, string>): ExportFailedError {
  try {
    load(files);
  } catch (error) {
    if (error instanceof ExportFailedError) return error;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

/** A docs.json with the required keys around the given navigation. */
export function docs(
  navigation: unknown,
  extra: Record<string, unknown> = {},
): Record<string, string> {
  return {
    "docs.json": JSON.stringify(
      { name: "Site", theme: "mint", colors: { primary: "#123456" }, navigation, ...extra },
      null,
      2,
    ),
  };
}

export function messages(problems: Problem[], severity?: Problem["severity"]): string[] {
  return problems
    .filter((problem) => !severity || problem.severity === severity)
    .map((problem) => problem.message);
}

/** A compact picture of a navigation tree, to compare whole shapes at once. */
export function outline(nodes: NavNode[]): unknown[] {
  return nodes.map((node) => {
    if (node.type === "page") return node.path;
    if (node.type === "link") return `link:${node.label}→${node.href}`;
    if (node.type === "endpoint") return `endpoint:${node.reference}`;
    if (node.type === "group") return { group: node.title, pages: outline(node.children) };
    return {
      [node.kind]: node.label,
      ...(node.href ? { href: node.href } : {}),
      children: outline(node.children),
    };
  });
}
