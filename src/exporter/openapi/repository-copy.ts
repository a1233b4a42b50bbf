import type { RepoFiles } from "../site/repo-files.ts";

/**
 * The repository's own copy of a file named by a GitHub URL, if it has one: many docs.json
 * files name their own specification by its raw GitHub address
 * (`https://raw.githubusercontent.com/acme/docs/refs/heads/main/openapi.yaml`), which an export
 * without that host cannot fetch. The path after the branch is looked up in the repository,
 * then shorter and shorter ends of it (the docs may be a folder of the GitHub repository);
 * the branch itself may be several segments (`refs/heads/main`, `release/2.0`), so every end
 * is tried, longest first. Only GitHub's raw and file addresses are read this way: any other
 * URL names something the repository cannot be known to hold.
 */
export function repositoryCopyOf(url: string, repo: RepoFiles): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const segments = parsed.pathname.split("/").filter(Boolean).map(decodeSegment);
  let afterRepository: string[];
  if (parsed.hostname === "raw.githubusercontent.com") afterRepository = segments.slice(2);
  else if (parsed.hostname === "github.com" && ["raw", "blob"].includes(segments[2] ?? ""))
    afterRepository = segments.slice(3);
  else return undefined;
  // The first segment is (the start of) the branch: the file's path begins after it.
  for (let start = 1; start < afterRepository.length; start++) {
    const candidate = afterRepository.slice(start).join("/");
    if (candidate.split("/").includes("..")) continue;
    if (repo.exists(candidate)) return candidate;
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
