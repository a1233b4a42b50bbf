import { canGrant, canManage, ROLES, type Role } from "../../domain/user.ts";
import { paths } from "../paths.ts";
import {
  alert,
  copyCode,
  copyValue,
  csrfField,
  dataTable,
  errorSummary,
  type FormErrors,
  selectField,
  statusBadge,
  textField,
  time,
} from "./components.ts";
import { type Html, html, type Renderable } from "./html.ts";
import { type OrgFrame, page } from "./layout.ts";
import type { ApiKeyView, InvitationView, MemberView, ProjectView } from "./models.ts";

type Frame = OrgFrame;

const DONE: Record<string, string> = {
  "key-revoked": "The API key is revoked: requests with it get 401 from now on.",
  "role-changed": "The member's role is changed.",
  "member-removed": "The member is removed from the organization.",
  "invitation-revoked": "The invitation is revoked: its link no longer works.",
};

export function doneNotice(done: string | undefined): Html {
  const text = done ? DONE[done] : undefined;
  return text ? alert("success", html`<p>${text}</p>`) : html``;
}

function settingsPage(
  frame: Frame,
  current: "keys" | "members",
  title: string,
  content: Renderable,
): string {
  const org = frame.viewer.org;
  const tab = (href: string, label: string, active: boolean) =>
    html`<li><a href="${href}"${active ? html` aria-current="page"` : ""}>${label}</a></li>`;
  return page(
    {
      title: `${title} · ${org.name}`,
      assets: frame.assets,
      viewer: frame.viewer,
      section: "settings",
      breadcrumbs: [
        { label: org.name, href: paths.projects(org.id) },
        { label: "Settings", href: paths.keys(org.id) },
        { label: title },
      ],
    },
    html`<h1>Organization settings</h1>
<nav class="sub-nav" aria-label="Settings"><ul>
${tab(paths.keys(org.id), "API keys", current === "keys")}
${tab(paths.members(org.id), "Members", current === "members")}
</ul></nav>
${content}`,
  );
}

const roleLabel = (role: Role) => role[0]?.toUpperCase() + role.slice(1);

export function keysPage(
  frame: Frame & {
    keys: ApiKeyView[];
    projects: ProjectView[];
    created?: { name: string; key: string };
    errors?: FormErrors;
    name?: string;
    done?: string;
  },
): string {
  const org = frame.viewer.org;
  const manager = canManage(org.role as Role);
  const keyRows = frame.keys.map((key) => [
    key.name,
    html`<code>${key.visiblePrefix}…</code>`,
    time(key.createdAt),
    time(key.lastUsedAt),
    key.revokedAt
      ? html`${statusBadge("revoked")} ${time(key.revokedAt)}`
      : statusBadge("active-key", "active"),
    ...(manager
      ? [
          key.revokedAt
            ? ""
            : html`<a class="button secondary small" href="${paths.revokeKey(org.id, key.id)}" aria-label="Revoke ${key.name} (${key.visiblePrefix}…)">Revoke…</a>`,
        ]
      : []),
  ]);
  const projectRows = frame.projects.map((project) => [
    html`<a href="${paths.project(org.id, project.id)}">${project.name}</a>`,
    project.domain,
    copyCode(`project-id-${project.id}`, project.id, `the project ID of ${project.name}`),
  ]);
  return settingsPage(
    frame,
    "keys",
    "API keys",
    html`${doneNotice(frame.done)}
${
  frame.created
    ? html`<section class="alert success" aria-labelledby="new-key-heading">
<h2 id="new-key-heading">API key “${frame.created.name}” created</h2>
<p><strong>Copy it now: it is shown only this once.</strong> Quire keeps only a hash of it.</p>
${copyValue({
  id: "new-api-key",
  label: "Your new API key",
  copyLabel: "Copy the new API key",
  value: frame.created.key,
  hint: "It is a server-side secret: keep it in your CI's secret store or a server's environment, never in a browser, client-side code or a repository. Send it as Authorization: Bearer quire_…",
})}
</section>`
    : ""
}
<section aria-labelledby="keys-heading">
<h2 id="keys-heading">API keys</h2>
<p class="muted">Keys authenticate scripts and CI against the admin API (<code>Authorization: Bearer quire_…</code>). Each acts for the whole organization.</p>
${
  manager
    ? html`${errorSummary(frame.errors, { name: "Key name" })}
<form class="panel inline-create" method="post" action="${paths.keys(org.id)}">
${csrfField(frame.viewer.csrfToken)}
<div class="row">
${textField({ name: "name", label: "Key name", value: frame.name, hint: "Tells keys apart, e.g. “CI deploy”.", errors: frame.errors, attributes: html` maxlength="100"` })}
</div>
<p><button type="submit">Create API key</button></p>
</form>`
    : alert("info", html`<p>Only owners and admins create and revoke API keys.</p>`)
}
${dataTable({
  caption: "API keys",
  columns: ["Name", "Key", "Created", "Last used", "Status", ...(manager ? ["Actions"] : [])],
  rows: keyRows,
  empty: "No API keys yet.",
})}
</section>
<section aria-labelledby="project-ids-heading">
<h2 id="project-ids-heading">Projects</h2>
<p class="muted">The agent API takes a project's ID: <code>POST /v2/agent/{projectId}/job</code>. Static export takes its domain.</p>
${dataTable({
  caption: "Project IDs",
  columns: ["Project", "Domain", "Project ID"],
  rows: projectRows,
  empty: "No projects yet.",
})}
</section>`,
  );
}

export function revokeKeyPage(frame: Frame & { key: ApiKeyView }): string {
  const org = frame.viewer.org;
  return settingsPage(
    frame,
    "keys",
    "Revoke API key",
    html`<section class="panel" aria-labelledby="revoke-heading">
<h2 id="revoke-heading">Revoke “${frame.key.name}”?</h2>
<p>The key <code>${frame.key.visiblePrefix}…</code> stops working at once: every request with it gets 401. This cannot be undone; scripts that use it need a new key.</p>
<form method="post" action="${paths.revokeKey(org.id, frame.key.id)}" class="row">
${csrfField(frame.viewer.csrfToken)}
<button type="submit" class="danger">Revoke key</button>
<a class="button secondary" href="${paths.keys(org.id)}">Cancel</a>
</form>
</section>`,
  );
}

export function membersPage(
  frame: Frame & {
    members: MemberView[];
    invitations: InvitationView[];
    invited?: { email: string; link: string };
    errors?: FormErrors;
    values?: { email?: string; role?: string };
    done?: string;
    problem?: string;
  },
): string {
  const org = frame.viewer.org;
  const actor = org.role as Role;
  const manager = canManage(actor);
  const grantable = ROLES.filter((role) => canGrant(actor, role));
  const memberRows = frame.members.map((member) => {
    const editable = manager && canGrant(actor, member.role);
    return [
      html`${member.email}${member.email === frame.viewer.email ? html` <span class="muted">(you)</span>` : ""}`,

      editable
        ? html`<form class="inline-form" method="post" action="${paths.member(org.id, member.userId)}/role">
${csrfField(frame.viewer.csrfToken)}
<label class="visually-hidden" for="role-${member.userId}">Role of ${member.email}</label>
<select id="role-${member.userId}" name="role">${grantable.map(
            (role) =>
              html`<option value="${role}"${role === member.role ? html` selected` : ""}>${roleLabel(role)}</option>`,
          )}</select>
<button type="submit" class="secondary small">Save<span class="visually-hidden"> role of ${member.email}</span></button>
</form>`
        : html`<span class="badge role">${member.role}</span>`,
      time(member.createdAt),
      ...(manager
        ? [
            editable
              ? html`<a class="button secondary small" href="${paths.member(org.id, member.userId)}/remove">Remove…<span class="visually-hidden"> ${member.email}</span></a>`
              : "",
          ]
        : []),
    ];
  });
  const invitationRows = frame.invitations.map((invitation) => [
    invitation.email,
    html`<span class="badge role">${invitation.role}</span>`,
    time(invitation.expiresAt),
    ...(manager
      ? [
          html`<form class="inline-form" method="post" action="${paths.revokeInvitation(org.id, invitation.id)}">
${csrfField(frame.viewer.csrfToken)}
<button type="submit" class="secondary small">Revoke<span class="visually-hidden"> the invitation of ${invitation.email}</span></button>
</form>`,
        ]
      : []),
  ]);
  return settingsPage(
    frame,
    "members",
    "Members",
    html`${doneNotice(frame.done)}
${frame.problem ? alert("error", html`<p>${frame.problem}</p>`) : ""}
${
  frame.invited
    ? html`<section class="alert success" aria-labelledby="invited-heading">
<h2 id="invited-heading">Invitation for ${frame.invited.email} created</h2>
${copyValue({
  id: "invitation-link",
  label: "Invitation link",
  copyLabel: "Copy the invitation link",
  value: frame.invited.link,
  hint: "Send it to them yourself: Quire sends no email. It works once, for 7 days; it is shown only now.",
})}
</section>`
    : ""
}
<section aria-labelledby="members-heading">
<h2 id="members-heading">Members</h2>
<p class="muted">Owners and admins manage API keys, members and projects; members see them and run jobs. Only owners give the owner role.</p>
${dataTable({
  caption: "Members",
  columns: ["Email", "Role", "Joined", ...(manager ? ["Actions"] : [])],
  rows: memberRows,
  empty: "No members.",
})}
</section>
${
  manager
    ? html`<section aria-labelledby="invite-heading">
<h2 id="invite-heading">Invite someone</h2>
${errorSummary(frame.errors, { email: "Email", role: "Role" })}
<form class="stack panel" method="post" action="${paths.invitations(org.id)}">
${csrfField(frame.viewer.csrfToken)}
${textField({ name: "email", label: "Email", type: "email", required: true, value: frame.values?.email, errors: frame.errors, autocomplete: "off" })}
${selectField({ name: "role", label: "Role", value: frame.values?.role ?? "member", choices: grantable.map((role) => ({ value: role, label: roleLabel(role) })), errors: frame.errors })}
<div><button type="submit">Create invitation link</button></div>
</form>
</section>`
    : ""
}
<section aria-labelledby="invitations-heading">
<h2 id="invitations-heading">Pending invitations</h2>
${dataTable({
  caption: "Pending invitations",
  columns: ["Email", "Role", "Expires", ...(manager ? ["Actions"] : [])],
  rows: invitationRows,
  empty: "No pending invitations.",
})}
</section>`,
  );
}

export function removeMemberPage(frame: Frame & { member: MemberView }): string {
  const org = frame.viewer.org;
  return settingsPage(
    frame,
    "members",
    "Remove member",
    html`<section class="panel" aria-labelledby="remove-heading">
<h2 id="remove-heading">Remove ${frame.member.email} from ${org.name}?</h2>
<p>They lose access to this organization's keys, projects and jobs at once. Their account and other organizations stay.</p>
<form method="post" action="${paths.member(org.id, frame.member.userId)}/remove" class="row">
${csrfField(frame.viewer.csrfToken)}
<button type="submit" class="danger">Remove member</button>
<a class="button secondary" href="${paths.members(org.id)}">Cancel</a>
</form>
</section>`,
  );
}
