import { sourceDateEpoch } from "../config/source-date.ts";
import { runGit } from "../git/index.ts";

/**
 * The time written into the manifest as `createdAt` (docs/bundle-format.md, docs/decisions.md):
 * the content's time, never the clock, so the same site exports to the same bytes.
 * `SOURCE_DATE_EPOCH` when it is set; else the time of the site's last git commit; else a
 * fixed time, the one the archive's entries carry.
 */
export const FIXED_CREATED_AT = "2000-01-01T00:00:00.000Z";

export async function exportTimestamp(docsDir: string): Promise<string> {
  const fromEnvironment = sourceDateEpoch();
  if (fromEnvironment) return fromEnvironment.toISOString();
  try {
    const seconds = Number(
      (
        await runGit(["log", "-1", "--format=%ct", "--", "."], { cwd: docsDir, timeoutMs: 10_000 })
      ).trim(),
    );
    if (Number.isSafeInteger(seconds) && seconds > 0) return new Date(seconds * 1000).toISOString();
  } catch {
    // Not in a git repository, or no git: the fixed time.
  }
  return FIXED_CREATED_AT;
}
