import type { DashboardAssets } from "../assets.ts";
import { paths } from "../paths.ts";
import { type Html, html, type Renderable } from "./html.ts";

export type Section = "projects" | "settings" | "account" | "none";

/** Who is looking, for the page's header. */
export interface ViewerFrame {
  email: string;
  csrfToken: string;
  /** The organization the page belongs to, if any. */
  org?: { id: string; name: string; role: string };
  /** How many organizations the viewer belongs to (a link to switch when more than one). */
  orgCount: number;
}

/** What an organization's page is drawn with: the assets and the viewer in that organization. */
export interface OrgFrame {
  assets: DashboardAssets;
  viewer: ViewerFrame & { org: NonNullable<ViewerFrame["org"]> };
}

export interface PageOptions {
  title: string;
  assets: DashboardAssets;
  viewer?: ViewerFrame;
  section?: Section;
  breadcrumbs?: { label: string; href?: string }[];
  /** Without the script, reload the page this often (a running job's page). */
  refreshWithoutScriptSeconds?: number;
}

function mainNav(viewer: ViewerFrame, section: Section): Html {
  const org = viewer.org;
  if (!org) return html``;
  const link = (href: string, label: string, current: boolean) =>
    html`<li><a href="${href}"${current ? html` aria-current="page"` : ""}>${label}</a></li>`;
  return html`<nav class="main-nav" aria-label="Main"><ul>
${link(paths.projects(org.id), "Projects", section === "projects")}
${link(paths.keys(org.id), "Settings", section === "settings")}
</ul></nav>`;
}

function header(viewer: ViewerFrame | undefined, section: Section): Html {
  if (!viewer)
    return html`<header class="top"><div class="top-inner"><a class="brand" href="${paths.home}">Quire</a></div></header>`;
  return html`<header class="top"><div class="top-inner">
<a class="brand" href="${paths.home}">Quire</a>
${viewer.org ? html`<span class="org-name">${viewer.org.name}${viewer.orgCount > 1 ? html` · <a href="${paths.home}?choose=1">switch</a>` : ""}</span>` : ""}
${mainNav(viewer, section)}
<div class="account">
<a href="${paths.account}"${section === "account" ? html` aria-current="page"` : ""}>${viewer.email}</a>
<form method="post" action="${paths.signOut}"><input type="hidden" name="_csrf" value="${viewer.csrfToken}"><button type="submit" class="secondary small">Sign out</button></form>
</div>
</div></header>`;
}

function breadcrumbs(items: PageOptions["breadcrumbs"]): Html {
  if (!items || items.length === 0) return html``;
  return html`<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${items.map((item, index) =>
    item.href && index < items.length - 1
      ? html`<li><a href="${item.href}">${item.label}</a></li>`
      : html`<li><span aria-current="page">${item.label}</span></li>`,
  )}</ol></nav>`;
}

/** A whole dashboard page around its content. */
export function page(options: PageOptions, content: Renderable): string {
  const refresh = options.refreshWithoutScriptSeconds;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${options.title} · Quire</title>
<link rel="icon" href="${options.assets.icon.url}" type="image/svg+xml">
<link rel="stylesheet" href="${options.assets.css.url}">
<script src="${options.assets.js.url}" defer></script>
${refresh ? html`<noscript><meta http-equiv="refresh" content="${refresh}"></noscript>` : ""}
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
${header(options.viewer, options.section ?? "none")}
<main id="main" tabindex="-1">
${breadcrumbs(options.breadcrumbs)}
${content}
</main>
<div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div>
</body>
</html>`}`;
}
