import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import {
  SIDEBAR_LIST_LIMIT,
  SIDEBAR_LIST_WINDOW,
} from "../../../src/exporter/theme/chrome/sidebar.ts";
import { renderNotFoundPage, renderPage } from "../../../src/exporter/theme/layout.ts";
import { NavigationModel } from "../../../src/exporter/theme/navigation-view.ts";
import {
  buildSidebarScripts,
  SIDEBAR_INLINE_LIMIT,
} from "../../../src/exporter/theme/sidebar-script.ts";
import { siteOf } from "./layout-helpers.ts";

const meta = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: `Title of ${path}`,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});

/**
 * `groups` groups of `perGroup` pages in one sidebar, each ending with a subgroup of 3; each
 * group's second page is an API page, its third deprecated, and group 4 lists a hidden page too.
 * With `languages`, each language has such a sidebar, its pages in its own folder; with `icons`,
 * every page has one.
 */
function bigSite(
  groups: number,
  perGroup: number,
  options: { cleanUrls?: boolean; languages?: string[]; icons?: boolean } = {},
) {
  const pages: PageMeta[] = [];
  const groupsOf = (folder: string) =>
    Array.from({ length: groups }, (_unused, group) => {
      const entries: unknown[] = [];
      for (let index = 0; index < perGroup; index++) {
        const page = meta(`${folder}g${group}/p${index}`, {
          ...(index === 1
            ? { api: { method: "get" } as PageMeta["api"] }
            : index === 2
              ? { deprecated: true }
              : {}),
          ...(options.icons ? { icon: "rocket" } : {}),
        });
        pages.push(page);
        entries.push(page.path);
      }
      if (group === 4) {
        pages.push(meta(`${folder}g4/secret`, { hidden: true }));
        entries.push(`${folder}g4/secret`);
      }
      const nested = [0, 1, 2].map((index) => meta(`${folder}g${group}/deep/n${index}`));
      pages.push(...nested);
      entries.push({
        group: `Deep ${group}`,
        icon: "folder",
        pages: nested.map((page) => page.path),
      });
      return { group: `Group ${group}`, tag: group === 3 ? "BETA" : undefined, pages: entries };
    });
  const navigation = options.languages
    ? {
        languages: options.languages.map((language) => ({
          language,
          groups: groupsOf(`${language}/`),
        })),
      }
    : { groups: groupsOf("") };
  const site = siteOf(
    { name: "Big", navigation },
    pages,
    options.cleanUrls ? { cleanUrls: true } : {},
  );
  return { site, ...withSidebarScripts(site) };
}

/** The site's shared sidebar scripts, made and linked, and a page of it rendered with a short body. */
function withSidebarScripts(site: ReturnType<typeof siteOf>) {
  const model = new NavigationModel(site.config.navigation, site.pages);
  const scripts = buildSidebarScripts(site, model);
  site.assets.sidebarScripts = scripts.paths;
  const render = (pagePath: string): string =>
    renderPage(
      site,
      {
        page: site.pages[pagePath] as PageMeta,
        body: {
          html: "<p>Body.</p>",
          toc: [],
          features: { math: false, mermaid: false },
          frontmatter: {},
          islandModules: [],
        },
      },
      model.view(pagePath),
    );
  return { scripts, render };
}

function sidebarPart(html: string): string {
  return html.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)?.[0] ?? "";
}

/**
 * `count` pages in one list, as an API reference generated from OpenAPI lists them: in one
 * group, or with `topLevel` at the sidebar's top level (a tab's `pages`); with `hidden`, the
 * page `p7` is hidden. Every page but the first sits in a folder of ten.
 */
function flatSite(count: number, options: { topLevel?: boolean; hidden?: boolean } = {}) {
  const pages = Array.from({ length: count }, (_unused, index) =>
    meta(index === 0 ? "intro" : `f${Math.floor(index / 10)}/p${index}`, {
      ...(options.hidden && index === 7 ? { hidden: true } : {}),
    }),
  );
  const paths = pages.map((page) => page.path);
  const navigation = options.topLevel
    ? { tabs: [{ tab: "API", pages: paths }] }
    : { groups: [{ group: "Endpoints", pages: paths }] };
  const site = siteOf({ name: "Flat", navigation }, pages);
  return { site, ...withSidebarScripts(site), paths };
}

/** The runs of a list a page left for the client to fill: [list, from, to]. */
function leftOut(html: string): number[][] {
  return [...html.matchAll(/<li hidden data-sidebar-entries="(\d+):(\d+):(\d+)"><\/li>/g)].map(
    (match) => match.slice(1).map(Number),
  );
}

/** The pages a sidebar links, in order, as `href`s. */
function linkedPages(sidebar: string): string[] {
  return [...sidebar.matchAll(/<a class="nav-link[^"]*" href="([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
}

/** The group contents a shared script holds, as the browser reads them. */
function scriptGroups(content: string | Buffer): string[] {
  const text = content.toString();
  expect(text).toMatch(/^self\.quireSidebarGroups=\[/);
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

describe("large sidebars in a shared script", () => {
  it("keeps a page of a 5,000-entry sidebar about as small as a page of a 50-entry one", () => {
    const small = bigSite(1, 46).render("g0/p10");
    const large = bigSite(50, 96).render("g37/p10");
    const smallSidebar = Buffer.byteLength(sidebarPart(small));
    const largeSidebar = Buffer.byteLength(sidebarPart(large));
    // 50 × 100 entries: whole in the page it would be hundreds of KB.
    expect(largeSidebar).toBeLessThan(5 * smallSidebar);
    expect(largeSidebar).toBeLessThan(40_000);
    expect(Buffer.byteLength(large)).toBeLessThan(2.5 * Buffer.byteLength(small));
  });

  it("does not grow a page with the number of entries in other groups", () => {
    const pageOf = (perGroup: number): number =>
      Buffer.byteLength(sidebarPart(bigSite(20, perGroup).render("g5/p3")));
    const hundred = pageOf(100);
    const threeHundred = pageOf(300);
    // Only the page's own group grows (200 entries of about 100 bytes); the 19 others do not.
    expect(threeHundred - hundred).toBeLessThan(200 * 160);
  });

  it("renders the page's branch: its group whole, its siblings, and the other groups' titles", () => {
    const html = bigSite(50, 96).render("g37/p10");
    const sidebar = sidebarPart(html);
    for (let index = 0; index < 96; index++) expect(sidebar).toContain(`href="p${index}.html"`);
    expect(sidebar).toMatch(
      /<li data-active><a class="nav-link current" href="p10\.html" aria-current="page"><span>Title of g37\/p10<\/span>/,
    );
    expect(sidebar).toContain('<section class="nav-group sidebar-group" data-active>');
    // Other groups keep their titles (and tags), and leave their entries to the shared script.
    expect(sidebar).toContain("<span>Group 12</span>");
    expect(sidebar).toContain(
      '<span>Group 3</span><span class="nav-tag nav-tag-pill"><span class="nav-tag-pill-text">BETA</span></span>',
    );
    expect(sidebar).not.toContain("g12/p5.html");
    expect(sidebar).toMatch(/<ul class="nav-group-items" data-sidebar-group="\d+"><\/ul>/);
    // The page's own nested group is a sibling away from the page: its entries come later too.
    expect(sidebar).toMatch(
      /<summary><span class="sidebar-group-icon"><svg[\s\S]*?<\/svg><\/span><span>Deep 37<\/span><\/summary><ul class="nav-subgroup-items" data-sidebar-group="\d+"><\/ul>/,
    );
    expect(html).toMatch(
      /<script src="\.\.\/_quire\/sidebar\.[0-9a-f]{10}\.js" defer><\/script>\n<script src="\.\.\/_quire\/quire\.bbbb\.js" defer>/,
    );
  });

  it("opens the ancestors of a page deep in a subgroup, with the page marked", () => {
    const sidebar = sidebarPart(bigSite(50, 96).render("g20/deep/n1"));
    expect(sidebar).toContain(
      '<details class="nav-subgroup sidebar-group" open data-active><summary><span class="sidebar-group-icon">',
    );
    expect(sidebar).toContain('href="n0.html"');
    expect(sidebar).toContain('href="n2.html"');
    expect(sidebar).toMatch(/<a class="nav-link current" href="n1\.html" aria-current="page">/);
    expect(sidebar).toContain('href="../p0.html"');
  });

  it("writes every group's entries once, with links from the bundle root and API method badges", () => {
    const { scripts, render } = bigSite(50, 96);
    expect(scripts.files).toHaveLength(1);
    const [file] = scripts.files;
    expect(file?.path).toMatch(/^_quire\/sidebar\.[0-9a-f]{10}\.js$/);
    const groups = scriptGroups(file?.content ?? "");
    // 50 groups and their 50 subgroups.
    expect(groups).toHaveLength(100);
    const all = groups.join("");
    for (const page of ["g0/p0", "g12/p5", "g49/p95", "g30/deep/n2"])
      expect(all.match(new RegExp(`href="${page}\\.html"`, "g"))).toHaveLength(1);
    expect(all).not.toMatch(/aria-current|data-active|nav-link current/);
    expect(all).toContain('<span class="nav-method method-nav-pill nav-method-get">GET</span>');
    expect(all).toContain('<span class="nav-deprecated" title="Deprecated">Deprecated</span>');
    // A page's own group in its HTML is the shared group with the page marked.
    const group37 = groups.find((content) => content.includes('href="g37/p0.html"')) ?? "";
    const inPage = sidebarPart(render("g37/p10")).match(
      /<section class="nav-group sidebar-group" data-active>[\s\S]*?<ul class="nav-group-items">([\s\S]*?)<\/ul><\/section>/,
    )?.[1];
    expect(inPage?.replaceAll('href="', 'href="g37/')).toBe(
      group37.replace(
        '<li><a class="nav-link" href="g37/p10.html">',
        '<li data-active><a class="nav-link current" href="g37/p10.html" aria-current="page">',
      ),
    );
  });

  it("keeps the breadcrumb and previous/next of a page deep in a split sidebar", () => {
    const { site } = bigSite(50, 96);
    const view = new NavigationModel(site.config.navigation, site.pages).view("g20/deep/n0");
    expect(view.breadcrumb).toEqual(["Group 20", "Deep 20"]);
    expect(view.previous?.target).toBe("g20/p95");
    expect(view.next?.target).toBe("g20/deep/n1");
    const last = new NavigationModel(site.config.navigation, site.pages).view("g20/deep/n2");
    expect(last.next?.target).toBe("g21/p0");
  });

  it("keeps a sidebar of up to the limit whole in every page, with no shared script", () => {
    const perGroup = Math.floor(SIDEBAR_INLINE_LIMIT / 4) - 5;
    const { scripts, render } = bigSite(4, perGroup);
    expect(scripts.files).toHaveLength(0);
    const html = render("g2/p3");
    expect(html).not.toContain("data-sidebar-group");
    expect(html).not.toContain("_quire/sidebar.");
    expect(sidebarPart(html)).toContain('href="../g0/p1.html"');
  });

  it("puts a sidebar of few entries in the shared script when it weighs more than a whole one may", () => {
    // 4 groups of 20 pages, each with its icon: far fewer entries than the limit, but heavy.
    const { scripts, render } = bigSite(4, 20, { icons: true });
    expect(scripts.files).toHaveLength(1);
    const html = render("g2/p3");
    expect(html).toContain('data-sidebar-group="');
    expect(sidebarPart(html)).not.toContain('href="../g0/p5.html"');
    expect(scriptGroups(scripts.files[0]?.content ?? "").join("")).toContain('href="g0/p5.html"');
    // The same sidebar without icons stays whole.
    expect(bigSite(4, 20).scripts.files).toHaveLength(0);
  });

  it("shows a hidden page in its own page's sidebar only", () => {
    const { scripts, render } = bigSite(30, 20);
    expect(sidebarPart(render("g4/secret"))).toMatch(
      /<a class="nav-link current" href="secret\.html" aria-current="page">/,
    );
    expect(sidebarPart(render("g4/p2"))).not.toContain("secret");
    expect(scriptGroups(scripts.files[0]?.content ?? "").join("")).not.toContain("secret");
  });

  it("gives the 404 page the shared script, its links from the site root", () => {
    const { site } = bigSite(50, 96);
    const html = renderNotFoundPage(site);
    expect(html).toMatch(/<script src="_quire\/sidebar\.[0-9a-f]{10}\.js" defer><\/script>/);
    expect(sidebarPart(html)).not.toContain("g3/p4.html");
    expect(Buffer.byteLength(sidebarPart(html))).toBeLessThan(20_000);
  });

  it("writes each language's shared sidebar in that language's interface strings", () => {
    const { scripts, render } = bigSite(50, 96, { languages: ["en", "fr"] });
    expect(scripts.files).toHaveLength(2);
    const contents = scripts.files.map((file) => scriptGroups(file.content).join(""));
    const english = contents.find((all) => all.includes('href="en/g0/p0.html"')) ?? "";
    const french = contents.find((all) => all.includes('href="fr/g0/p0.html"')) ?? "";
    expect(english).toContain('<span class="nav-deprecated" title="Deprecated">Deprecated</span>');
    expect(english).not.toContain("fr/g0/p0.html");
    expect(french).toContain('<span class="nav-deprecated" title="Obsolète">Obsolète</span>');
    expect(french).not.toContain(">Deprecated<");
    // Each language's pages load their own language's script, and mark the page's group alike.
    const frenchFile = scripts.files.find((file) => file.content.toString().includes("fr/g0"));
    const page = render("fr/g37/p10");
    expect(page).toContain(`<script src="../../${frenchFile?.path}" defer></script>`);
    expect(sidebarPart(page)).toContain(
      '<span class="nav-deprecated" title="Obsolète">Obsolète</span>',
    );
    expect(sidebarPart(page)).not.toContain(">Deprecated<");
  });

  it("links every page of the shared script as a folder's index file with clean URLs", () => {
    const { scripts, render } = bigSite(50, 96, { cleanUrls: true });
    const all = scriptGroups(scripts.files[0]?.content ?? "").join("");
    expect(all).toContain('href="g12/p5/index.html"');
    expect(all).toContain('href="g30/deep/n2/index.html"');
    expect(all).not.toMatch(/href="[^"]*[^x]\.html"/);
    // A page one folder deeper loads the script and links its own group from its folder.
    const page = render("g37/p10");
    expect(page).toMatch(/<script src="\.\.\/\.\.\/_quire\/sidebar\.[0-9a-f]{10}\.js" defer>/);
    expect(sidebarPart(page)).toContain('href="../p11/index.html"');
  });
});

describe("a long list in a split sidebar", () => {
  it("keeps a window of a 1,000-page group around the page, and leaves the rest to the script", () => {
    const { scripts, render, paths } = flatSite(1000);
    expect(scripts.files).toHaveLength(1);
    const sidebar = sidebarPart(render("f50/p500"));
    // The page's entry and the 99 around it, in order, the page marked.
    const linked = linkedPages(sidebar);
    expect(linked).toHaveLength(SIDEBAR_LIST_WINDOW);
    expect(linked[0]).toBe("../f45/p450.html");
    expect(linked.at(-1)).toBe("../f54/p549.html");
    expect(sidebar).toMatch(
      /<li data-active><a class="nav-link current" href="p500\.html" aria-current="page">/,
    );
    expect(leftOut(sidebar)).toEqual([
      [0, 0, 450],
      [0, 550, 1000],
    ]);
    // 1,000 entries of about 60 bytes would be 60 KB.
    expect(Buffer.byteLength(sidebar)).toBeLessThan(12_000);
    // The script holds the group entry by entry, so a run is a slice of it; together with the
    // page's window, in the page's place, they are the whole group.
    const [entries] = JSON.parse(
      (scripts.files[0]?.content ?? "")
        .toString()
        .replace(/^[^=]*=/, "")
        .replace(/;\s*$/, ""),
    ) as string[][];
    expect(entries).toHaveLength(1000);
    const fromScript = entries?.map((entry) => /href="([^"]+)"/.exec(entry)?.[1]);
    expect(fromScript).toEqual(paths.map((path) => `${path}.html`));
    // The page's window is the script's entries 450 to 549, the page's own marked.
    const window = sidebar
      .match(/data-sidebar-entries="0:0:450"><\/li>([\s\S]*?)<li hidden/)?.[1]
      ?.replace(/href="([^"]+)"/g, (_match, href: string) => `href="${posix.join("f50", href)}"`);
    expect(window).toBe(
      entries
        ?.slice(450, 550)
        .join("")
        .replace(
          '<li><a class="nav-link" href="f50/p500.html">',
          '<li data-active><a class="nav-link current" href="f50/p500.html" aria-current="page">',
        ),
    );
  });

  it("keeps the first or last entries for a page at either end of the list", () => {
    const { render } = flatSite(1000);
    const first = sidebarPart(render("intro"));
    expect(linkedPages(first)[0]).toBe("intro.html");
    expect(linkedPages(first)).toHaveLength(SIDEBAR_LIST_WINDOW);
    expect(leftOut(first)).toEqual([[0, SIDEBAR_LIST_WINDOW, 1000]]);
    const last = sidebarPart(render("f99/p999"));
    expect(linkedPages(last).at(-1)).toBe("p999.html");
    expect(leftOut(last)).toEqual([[0, 0, 1000 - SIDEBAR_LIST_WINDOW]]);
  });

  it("cuts a long top-level list alike, filed after the groups, and the 404 page keeps its start", () => {
    const { scripts, render, site } = flatSite(600, { topLevel: true });
    const lists = JSON.parse(
      (scripts.files[0]?.content ?? "")
        .toString()
        .replace(/^[^=]*=/, "")
        .replace(/;\s*$/, ""),
    ) as unknown[];
    // No groups: the top level is list 0.
    expect(lists).toHaveLength(1);
    expect(lists[0]).toHaveLength(600);
    const sidebar = sidebarPart(render("f30/p300"));
    expect(linkedPages(sidebar)).toHaveLength(SIDEBAR_LIST_WINDOW);
    expect(leftOut(sidebar)).toEqual([
      [0, 0, 250],
      [0, 350, 600],
    ]);
    const notFound = sidebarPart(renderNotFoundPage(site));
    expect(linkedPages(notFound)[0]).toBe("intro.html");
    expect(leftOut(notFound)).toEqual([[0, SIDEBAR_LIST_WINDOW, 600]]);
  });

  it("keeps a list whole where the page's list is not the shared one but for its own entry", () => {
    // A hidden page shows in its own page's sidebar only: that list has an entry more.
    const { render } = flatSite(1000, { hidden: true });
    const hiddenPage = sidebarPart(render("f0/p7"));
    expect(leftOut(hiddenPage)).toEqual([]);
    expect(linkedPages(hiddenPage)).toHaveLength(1000);
    expect(leftOut(sidebarPart(render("f50/p500")))).toHaveLength(2);
  });

  it("writes a list of up to the limit whole, and a long one whole where the sidebar is not split", () => {
    // Groups of the limit's entries (pages and a subgroup), split: the page's group is whole.
    const { scripts, render } = bigSite(3, SIDEBAR_LIST_LIMIT - 1);
    expect(scripts.files).toHaveLength(1);
    const atLimit = sidebarPart(render("g1/p100"));
    expect(leftOut(atLimit)).toEqual([]);
    expect(linkedPages(atLimit)).toHaveLength(SIDEBAR_LIST_LIMIT - 1);
    // 250 entries stay under the split's limits: whole in every page, with no script.
    const whole = flatSite(250);
    expect(whole.scripts.files).toHaveLength(0);
    expect(linkedPages(sidebarPart(whole.render("f12/p120")))).toHaveLength(250);
  });
});
