import type { AgentJob, StaticExportJob } from "../../../client/src/index.ts";
import { plural } from "../../common/plural.ts";

/** An agent job or an export job as `quire remote` prints it for people. */

export function describeAgentJob(job: AgentJob): string {
  const lines = [
    `Agent job ${job.id}: ${job.status}`,
    `  branch        ${job.source.ref ?? "-"} of ${job.source.repository}`,
    `  model         ${job.model}`,
    `  pull request  ${job.prLink ?? "none"}`,
    `  created       ${job.createdAt}, updated ${job.updatedAt}${job.archivedAt ? `, archived ${job.archivedAt}` : ""}`,
  ];
  if (job.error) lines.push(`  error         ${job.error}`);
  if (job.summary) lines.push("", "Summary:", `  ${job.summary.split("\n").join("\n  ")}`);
  return lines.join("\n");
}

export function describeExportJob(job: StaticExportJob): string {
  const lines = [
    `Export job ${job.jobId} of ${job.domain}: ${job.status}`,
    `  progress  ${Math.floor(job.progress)}%, ${plural(job.pageCount, "page")}`,
    `  version   ${job.version ?? "none"}`,
    `  created   ${job.createdAt}, updated ${job.updatedAt}`,
  ];
  if (job.error) lines.push(`  error     ${job.error}`);
  return lines.join("\n");
}
