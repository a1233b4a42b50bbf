import type { Project } from "../../domain/project.ts";
import { canExport } from "../../domain/project.ts";
import { EXPORT_JOB_STATUSES, type StaticExportJob } from "../../domain/static-export-job.ts";
import type { Problem } from "../../exporter/index.ts";
import { paths, withQuery } from "../paths.ts";
import { statusFilter } from "./agent-jobs.ts";
import {
  alert,
  bytes,
  copyValue,
  csrfField,
  dataTable,
  errorSummary,
  type FormErrors,
  pagination,
  statusBadge,
  textField,
  time,
} from "./components.ts";
import { type Html, html } from "./html.ts";
import type { OrgFrame } from "./layout.ts";
import { projectPageFrame } from "./projects.ts";

export function isFinalExport(status: string): boolean {
  return status === "completed" || status === "failed";
}

export function exportsPage(
  frame: OrgFrame & {
    project: Project;
    jobs: StaticExportJob[];
    status?: string;
    cursor?: string;
    nextCursor: string | null;
    version?: string;
    errors?: FormErrors;
    problem?: string;
  },
): string {
  const org = frame.viewer.org;
  const { project } = frame;
  const listPath = paths.exports(org.id, project.id);
  const rows = frame.jobs.map((job) => [
    html`<a href="${paths.exportJob(org.id, project.id, job.jobId)}"><code>${job.jobId}</code></a>`,
    statusBadge(job.status),
    job.status === "completed" ? "100 %" : `${Math.floor(job.progress)} %`,
    job.pageCount,
    job.version ?? html`<span class="muted">none</span>`,
    time(job.createdAt),
  ]);
  return projectPageFrame(
    frame,
    project,
    "exports",
    "Exports",
    html`<section class="panel" aria-labelledby="start-heading">
<h2 id="start-heading">Export the site</h2>
${frame.problem ? alert("error", html`<p>${frame.problem}</p>`) : ""}
${
  canExport(project)
    ? html`${errorSummary(frame.errors, { version: "Version label" })}
<p>Builds ${project.domain} from ${project.ref ? html`the branch <code>${project.ref}</code>` : "the default branch"} as one bundle of plain HTML, CSS and JavaScript (${project.deployment}).</p>
<form class="stack" method="post" action="${listPath}">
${csrfField(frame.viewer.csrfToken)}
${textField({ name: "version", label: "Version label", value: frame.version, errors: frame.errors, hint: "Written into the bundle's quire-export.json, e.g. v2.3 or a commit.", attributes: html` maxlength="100"` })}
<div><button type="submit">Start export</button></div>
</form>`
    : alert(
        "info",
        html`<p>Static export needs the enterprise plan; this project is on the ${project.plan} plan.</p>`,
      )
}
</section>
<h2>Export jobs</h2>
${statusFilter({ action: listPath, statuses: EXPORT_JOB_STATUSES, current: frame.status })}
${dataTable({
  caption: frame.status ? `Export jobs, ${frame.status}` : "Export jobs",
  columns: ["Job", "Status", "Progress", "Pages", "Version", "Created"],
  rows,
  empty: frame.status ? `No ${frame.status} export jobs.` : "No exports yet.",
})}
${pagination({
  first: frame.cursor ? withQuery(listPath, { status: frame.status }) : undefined,
  next: frame.nextCursor
    ? withQuery(listPath, { status: frame.status, cursor: frame.nextCursor })
    : undefined,
})}`,
  );
}

function warningList(warnings: Problem[]): Html {
  if (warnings.length === 0) return html`<p class="muted">No warnings.</p>`;
  const shown = warnings.slice(0, 200);
  return html`<ul>${shown.map(
    (warning) =>
      html`<li><code>${warning.file}${warning.line ? `:${warning.line}` : ""}</code> ${warning.message} <span class="muted">(${warning.rule})</span></li>`,
  )}</ul>${warnings.length > shown.length ? html`<p class="muted">and ${warnings.length - shown.length} more.</p>` : ""}`;
}

export function exportJobPage(
  frame: OrgFrame & {
    project: Project;
    job: StaticExportJob;
    warnings: Problem[];
    archive: { sizeBytes: number; sha256: string } | null;
    liveUrl: string;
    problem?: string;
  },
): string {
  const org = frame.viewer.org;
  const { project, job } = frame;
  const running = !isFinalExport(job.status);
  return projectPageFrame(
    frame,
    project,
    "exports",
    "Export",
    html`${frame.problem ? alert("error", html`<p>${frame.problem}</p>`) : ""}
<section class="panel" aria-labelledby="export-heading" data-live="${running ? frame.liveUrl : ""}" data-status="${job.status}">
<h2 id="export-heading">Export of ${job.domain}${job.version ? ` (${job.version})` : ""}</h2>
<dl class="facts">
<dt>Status</dt><dd><span class="badge ${job.status}" data-field="status">${job.status}</span></dd>
<dt>Job ID</dt><dd><code>${job.jobId}</code></dd>
<dt>Created</dt><dd>${time(job.createdAt)}</dd>
<dt>Updated</dt><dd>${time(job.updatedAt)}</dd>
</dl>
<div class="field">
<label for="export-progress">Progress</label>
<progress id="export-progress" max="100" value="${job.progress}" data-field="progress" aria-describedby="export-progress-text">${job.progress} %</progress>
<p class="progress-text" id="export-progress-text"><span><span data-field="progress">${job.progress}</span> %</span><span><span data-field="pageCount">${job.pageCount}</span> pages</span></p>
</div>
</section>
${job.status === "failed" ? alert("error", html`<h2>The export failed</h2><p>${job.error ?? "See the server's log."}</p>`) : ""}
${
  frame.archive
    ? html`<section class="panel" aria-labelledby="bundle-heading">
<h2 id="bundle-heading">Bundle</h2>
<dl class="facts">
<dt>Size</dt><dd>${bytes(frame.archive.sizeBytes)}</dd>
</dl>
${copyValue({ id: "bundle-sha256", label: "SHA-256", value: frame.archive.sha256, hint: "Check a downloaded bundle with sha256sum." })}
<form method="post" action="${paths.exportJob(org.id, project.id, job.jobId)}/bundle">
${csrfField(frame.viewer.csrfToken)}
<p><button type="submit">Download bundle</button></p>
<p class="hint">Each download uses a fresh, time-limited link.</p>
</form>
</section>`
    : ""
}
${
  job.status === "completed" || frame.warnings.length > 0
    ? html`<section class="panel" aria-labelledby="warnings-heading">
<h2 id="warnings-heading">Warnings (${frame.warnings.length})</h2>
${warningList(frame.warnings)}
</section>`
    : ""
}`,
    {
      trail: [{ label: "Exports", href: paths.exports(org.id, project.id) }, { label: job.jobId }],
      refreshWithoutScriptSeconds: running ? 3 : undefined,
    },
  );
}
