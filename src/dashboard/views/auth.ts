import type { Role } from "../../domain/user.ts";
import type { DashboardAssets } from "../assets.ts";
import { paths } from "../paths.ts";
import { alert, csrfField, errorSummary, type FormErrors, textField, time } from "./components.ts";
import { html } from "./html.ts";
import { page, type ViewerFrame } from "./layout.ts";
import type { MembershipView } from "./models.ts";

export function signInPage(options: {
  assets: DashboardAssets;
  formToken: string;
  email?: string;
  next?: string;
  problem?: string;
  notice?: string;
}): string {
  return page(
    { title: "Sign in", assets: options.assets },
    html`<div class="narrow">
<h1>Sign in to Quire</h1>
${options.notice ? alert("info", html`<p>${options.notice}</p>`) : ""}
${options.problem ? alert("error", html`<p>${options.problem}</p>`) : ""}
<form class="stack panel" method="post" action="${paths.signIn}">
<input type="hidden" name="_csrf" value="${options.formToken}">
${options.next ? html`<input type="hidden" name="next" value="${options.next}">` : ""}
${textField({ name: "email", label: "Email", type: "email", value: options.email, required: true, autocomplete: "username" })}
${textField({ name: "password", label: "Password", type: "password", required: true, autocomplete: "current-password" })}
<div><button type="submit">Sign in</button></div>
</form>
<p class="muted">No account yet? Ask an owner or admin of your organization for an invitation, or, on the server, run <code>quire users create</code>.</p>
</div>`,
  );
}

export function chooseOrgPage(options: {
  assets: DashboardAssets;
  viewer: ViewerFrame;
  memberships: MembershipView[];
}): string {
  return page(
    { title: "Organizations", assets: options.assets, viewer: options.viewer },
    html`<h1>Choose an organization</h1>
${
  options.memberships.length === 0
    ? alert(
        "info",
        html`<p>You are not in any organization yet. Ask an owner or admin for an invitation.</p>`,
      )
    : html`<ul class="panel">${options.memberships.map(
        (membership) =>
          html`<li><a href="${paths.projects(membership.orgId)}">${membership.orgName}</a> <span class="badge role">${membership.role}</span></li>`,
      )}</ul>`
}`,
  );
}

export function accountPage(options: {
  assets: DashboardAssets;
  viewer: ViewerFrame;
  memberships: MembershipView[];
  sessionCount: number;
  signedInAt: string;
}): string {
  const { viewer } = options;
  return page(
    { title: "Your account", assets: options.assets, viewer, section: "account" },
    html`<h1>Your account</h1>
<section class="panel" aria-labelledby="account-heading">
<h2 id="account-heading">Account</h2>
<dl class="facts">
<dt>Email</dt><dd>${viewer.email}</dd>
<dt>This session</dt><dd>signed in ${time(options.signedInAt)}</dd>
<dt>Active sessions</dt><dd>${options.sessionCount}</dd>
</dl>
</section>
<section class="panel" aria-labelledby="orgs-heading">
<h2 id="orgs-heading">Organizations</h2>
<ul>${options.memberships.map(
      (membership) =>
        html`<li><a href="${paths.projects(membership.orgId)}">${membership.orgName}</a> <span class="badge role">${membership.role}</span></li>`,
    )}</ul>
</section>
<section class="panel" aria-labelledby="everywhere-heading">
<h2 id="everywhere-heading">Sign out everywhere</h2>
<p>Ends every session of your account, in every browser, this one included. Use it when a device was lost or shared.</p>
<form method="post" action="${paths.signOutEverywhere}">
${csrfField(viewer.csrfToken)}
<button type="submit" class="danger">Sign out everywhere</button>
</form>
</section>`,
  );
}

export function invitationPage(options: {
  assets: DashboardAssets;
  formToken: string;
  token: string;
  orgName: string;
  email: string;
  role: Role;
  accountExists: boolean;
  errors?: FormErrors;
  problem?: string;
}): string {
  const labels = { password: "Password", confirm: "Password again" };
  return page(
    { title: `Join ${options.orgName}`, assets: options.assets },
    html`<div class="narrow">
<h1>Join ${options.orgName}</h1>
<p>You are invited as <strong>${options.role}</strong> of ${options.orgName}, with the email <strong>${options.email}</strong>.</p>
${options.problem ? alert("error", html`<p>${options.problem}</p>`) : ""}
${errorSummary(options.errors, labels)}
<form class="stack panel" method="post" action="${paths.acceptInvitation}">
<input type="hidden" name="_csrf" value="${options.formToken}">
<input type="hidden" name="token" value="${options.token}">
<input type="hidden" name="email" value="${options.email}" autocomplete="username">
${
  options.accountExists
    ? html`<p>You already have a Quire account: sign in with its password to accept.</p>
${textField({ name: "password", label: "Password", type: "password", required: true, autocomplete: "current-password", errors: options.errors })}`
    : html`${textField({ name: "password", label: "Choose a password", type: "password", required: true, autocomplete: "new-password", hint: "At least 10 characters. A passphrase of a few words is good.", errors: options.errors })}
${textField({ name: "confirm", label: "Password again", type: "password", required: true, autocomplete: "new-password", errors: options.errors })}`
}
<div><button type="submit">Accept and sign in</button></div>
</form>
</div>`,
  );
}

export function errorPage(options: {
  assets: DashboardAssets;
  viewer?: ViewerFrame;
  status: number;
  message: string;
}): string {
  const title =
    options.status === 404
      ? "Not found"
      : options.status === 403
        ? "Not allowed"
        : options.status === 401
          ? "Please sign in"
          : options.status === 429
            ? "Too many requests"
            : options.status >= 500
              ? "Something went wrong"
              : "That did not work";
  return page(
    { title, assets: options.assets, viewer: options.viewer },
    html`<h1>${title}</h1>
${alert(options.status >= 500 ? "error" : "warning", html`<p>${options.message}</p>`)}
<p>${
      options.status === 401
        ? html`<a href="${paths.signIn}">Sign in</a>`
        : html`<a href="${paths.home}">Back to the dashboard</a>`
    }</p>`,
  );
}
