import {
  AGENT_JOB_STATUSES,
  AGENT_RATE_LIMIT,
  canTakeMessage,
  MAX_PROMPT_LENGTH,
} from "../../domain/agent-job.ts";
import { paths, withQuery } from "../paths.ts";
import {
  alert,
  copyValue,
  csrfField,
  dataTable,
  errorSummary,
  type FormErrors,
  pagination,
  statusBadge,
  textArea,
  time,
} from "./components.ts";
import { type Html, html } from "./html.ts";
import type { OrgFrame } from "./layout.ts";
import type { AgentJobView, AgentMessageView, ProjectView, TraceStepView } from "./models.ts";
import { projectPageFrame } from "./projects.ts";

function excerpt(text: string, length = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

function prLink(job: AgentJobView): Html {
  return job.prLink
    ? html`<a href="${job.prLink}" rel="noreferrer">${job.prLink.replace(/^https?:\/\//, "")}</a>`
    : html`<span class="muted">${job.status === "active" ? "not yet" : "none"}</span>`;
}

export function statusFilter(options: {
  action: string;
  statuses: readonly string[];
  current: string | undefined;
}): Html {
  return html`<form class="filters" method="get" action="${options.action}">
<div class="field"><label for="filter-status">Status</label>
<select id="filter-status" name="status"><option value="">All</option>${options.statuses.map(
    (status) =>
      html`<option value="${status}"${status === options.current ? html` selected` : ""}>${status}</option>`,
  )}</select></div>
<button type="submit" class="secondary">Filter</button>
</form>`;
}

export function agentJobsPage(
  frame: OrgFrame & {
    project: ProjectView;
    jobs: AgentJobView[];
    prompts: Map<string, string>;
    status?: string;
    cursor?: string;
    nextCursor: string | null;
    prompt?: string;
    errors?: FormErrors;
    problem?: string;
  },
): string {
  const org = frame.viewer.org;
  const { project } = frame;
  const listPath = paths.agentJobs(org.id, project.id);
  const rows = frame.jobs.map((job) => [
    html`<a href="${paths.agentJob(org.id, project.id, job.id)}">${excerpt(frame.prompts.get(job.id) ?? job.id)}</a>`,
    statusBadge(job.status),
    prLink(job),
    time(job.createdAt),
  ]);
  return projectPageFrame(
    frame,
    project,
    "agent",
    "Agent jobs",
    html`<section class="panel" aria-labelledby="start-heading">
<h2 id="start-heading">Start an agent job</h2>
${frame.problem ? alert("error", html`<p>${frame.problem}</p>`) : ""}
${errorSummary(frame.errors, { prompt: "Prompt" })}
<form class="stack" method="post" action="${listPath}">
${csrfField(frame.viewer.csrfToken)}
${textArea({ name: "prompt", label: "Prompt", value: frame.prompt, required: true, maxLength: MAX_PROMPT_LENGTH, errors: frame.errors, hint: html`What the agent should change in the docs. It works on a new branch from ${project.ref ?? "the default branch"} and opens a pull request. At most ${AGENT_RATE_LIMIT} jobs and messages per project per hour.` })}
<div><button type="submit">Start agent job</button></div>
</form>
</section>
<h2 id="jobs-heading">Jobs</h2>
${statusFilter({ action: listPath, statuses: AGENT_JOB_STATUSES, current: frame.status })}
${dataTable({
  caption: frame.status ? `Agent jobs, ${frame.status}` : "Agent jobs",
  columns: ["Prompt", "Status", "Pull request", "Created"],
  rows,
  empty: frame.status ? `No ${frame.status} agent jobs.` : "No agent jobs yet.",
})}
${pagination({
  first: frame.cursor ? withQuery(listPath, { status: frame.status }) : undefined,
  next: frame.nextCursor
    ? withQuery(listPath, { status: frame.status, cursor: frame.nextCursor })
    : undefined,
})}`,
  );
}

function trace(messages: AgentMessageView[], steps: TraceStepView[]): Html {
  if (steps.length === 0) return html`<p class="muted">No steps recorded yet.</p>`;
  return html`${messages.map((message) => {
    const runSteps = steps.filter((step) => step.run === message.seq);
    if (runSteps.length === 0) return html``;
    return html`<h3>Run ${message.seq}</h3>
<ol class="trace">${runSteps.map(
      (step) => html`<li>
<details>
<summary><strong>${step.kind}</strong> ${step.name}${step.inputTokens !== null ? html` <span class="muted">· ${step.inputTokens}→${step.outputTokens} tokens</span>` : ""}${step.durationMs !== null ? html` <span class="muted">· ${step.durationMs} ms</span>` : ""}</summary>
${step.input ? html`<h4 class="muted">Input</h4><pre>${step.input}</pre>` : ""}
${step.output ? html`<h4 class="muted">Output</h4><pre>${step.output}</pre>` : ""}
</details>
</li>`,
    )}</ol>`;
  })}`;
}

export function agentJobPage(
  frame: OrgFrame & {
    project: ProjectView;
    job: AgentJobView;
    messages: AgentMessageView[];
    steps: TraceStepView[];
    liveUrl: string;
    prompt?: string;
    errors?: FormErrors;
    problem?: string;
  },
): string {
  const org = frame.viewer.org;
  const { project, job } = frame;
  const jobPath = paths.agentJob(org.id, project.id, job.id);
  const firstPrompt = frame.messages[0]?.prompt ?? job.id;
  return projectPageFrame(
    frame,
    project,
    "agent",
    "Agent job",
    html`${frame.problem ? alert("error", html`<p>${frame.problem}</p>`) : ""}
<section class="panel" aria-labelledby="job-heading" data-live="${job.status === "active" ? frame.liveUrl : ""}" data-status="${job.status}">
<h2 id="job-heading">${excerpt(firstPrompt, 200)}</h2>
<dl class="facts">
<dt>Status</dt><dd><span class="badge ${job.status}" data-field="status">${job.status}</span></dd>
<dt>Pull request</dt><dd>${prLink(job)}</dd>
<dt>Branch</dt><dd><code>${job.source.ref ?? ""}</code></dd>
<dt>Repository</dt><dd><code>${job.source.repository}</code></dd>
<dt>Model</dt><dd>${job.model}</dd>
<dt>Created</dt><dd>${time(job.createdAt)}</dd>
<dt>Updated</dt><dd>${time(job.updatedAt)}</dd>
${job.archivedAt ? html`<dt>Archived</dt><dd>${time(job.archivedAt)}</dd>` : ""}
</dl>
${copyValue({ id: "job-id", label: "Job ID", value: job.id })}
</section>
${job.status === "failed" && job.error ? alert("error", html`<h2>The job failed</h2><p>${job.error}</p>`) : ""}
${job.summary ? html`<section class="panel" aria-labelledby="summary-heading"><h2 id="summary-heading">The agent's summary</h2><p class="pre-line">${job.summary}</p></section>` : ""}
<section aria-labelledby="conversation-heading">
<h2 id="conversation-heading">Conversation</h2>
<div class="messages">${frame.messages.map(
      (message) =>
        html`<div class="message"><strong>Message ${message.seq}</strong> <span class="muted">${time(message.createdAt)}</span><p>${message.prompt}</p></div>`,
    )}</div>
</section>
${
  canTakeMessage(job.status)
    ? html`<section class="panel" aria-labelledby="follow-up-heading">
<h2 id="follow-up-heading">Send a follow-up message</h2>
${errorSummary(frame.errors, { prompt: "Message" })}
<form class="stack" method="post" action="${jobPath}/message">
${csrfField(frame.viewer.csrfToken)}
${textArea({ name: "prompt", label: "Message", value: frame.prompt, required: true, maxLength: MAX_PROMPT_LENGTH, errors: frame.errors, hint: "The agent continues on the same branch and pull request." })}
<div><button type="submit">Send message</button></div>
</form>
</section>`
    : ""
}
${
  job.status !== "archived"
    ? html`<form method="post" action="${jobPath}/archive" class="row">
${csrfField(frame.viewer.csrfToken)}
<button type="submit" class="secondary">Archive job</button>
<span class="hint">${job.status === "active" ? "Stops the agent first; it opens no pull request afterwards." : "An archived job takes no more messages."}</span>
</form>`
    : ""
}
<section aria-labelledby="trace-heading">
<h2 id="trace-heading">Trace</h2>
<p class="muted">Every step of each run: model calls, tool calls, checks, git and forge work.</p>
${trace(frame.messages, frame.steps)}
</section>`,
    {
      trail: [
        { label: "Agent jobs", href: paths.agentJobs(org.id, project.id) },
        { label: job.id },
      ],
      refreshWithoutScriptSeconds: job.status === "active" ? 5 : undefined,
    },
  );
}
