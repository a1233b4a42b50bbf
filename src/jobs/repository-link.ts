import path from "node:path";
import type { ExportOptions } from "../exporter/index.ts";

/**
 * The project's repository for the pages' "Suggest edits" and "Raise issue" links, when it is a
 * web address (an SSH or local one names no page a reader can open); the docs folder is where
 * the checkout found docs.json.
 */
export function projectRepositoryLink(
  project: { repository: string; ref: string | null; forge: string | null },
  checkout: { docsDir: string; root?: string },
): Pick<ExportOptions, "repository"> {
  if (!/^https?:\/\//i.test(project.repository)) return {};
  let url: URL;
  try {
    url = new URL(project.repository);
  } catch {
    return {};
  }
  // Credentials written into the URL never reach a page.
  url.username = "";
  url.password = "";
  const forge = project.forge;
  return {
    repository: {
      url: url.href.replace(/\/+$/, ""),
      ...(project.ref ? { ref: project.ref } : {}),
      ...(forge === "github" || forge === "gitlab" || forge === "gitea" ? { forge } : {}),
      ...(checkout.root
        ? { folder: path.relative(checkout.root, checkout.docsDir).split(path.sep).join("/") }
        : {}),
    },
  };
}
