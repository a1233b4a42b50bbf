import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { resolveIcon } from "../../../src/exporter/icons/index.ts";
import { renderPage } from "../../helpers/render-page.ts";

/** The icon as the page's HTML would carry it. */
function html(icon: Element | undefined): string {
  if (!icon) throw new Error("expected an icon");
  return toHtml(icon, { allowDangerousHtml: true });
}

describe("resolveIcon", () => {
  it("draws a Font Awesome name as a filled, hidden-from-screen-readers inline SVG", () => {
    const svg = html(resolveIcon("rocket"));
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="16" height="16" class="icon icon-rocket" aria-hidden="true" focusable="false" fill="currentColor">/,
    );
    expect(svg).toContain("<path");
    expect(svg).not.toContain("<!--");
  });

  it("draws a Lucide-only name as a stroked outline even when the site uses Font Awesome", () => {
    const svg = html(resolveIcon("circle-help", {}, "fontawesome"));
    expect(svg).toContain('viewBox="0 0 24 24"');
    expect(svg).toContain('fill="none" stroke="currentColor" stroke-width="2"');
  });

  it("tries the site's configured library first when both sets know the name", () => {
    expect(html(resolveIcon("house", {}, "lucide"))).toContain('stroke="currentColor"');
    expect(html(resolveIcon("house", {}, "fontawesome"))).toContain('fill="currentColor"');
    expect(html(resolveIcon("house", { library: "lucide" }, "fontawesome"))).toContain(
      'stroke="currentColor"',
    );
  });

  it("uses the requested Font Awesome style, and solid for styles only Font Awesome Pro has", () => {
    const solid = html(resolveIcon("heart", { iconType: "solid" }));
    const regular = html(resolveIcon("heart", { iconType: "regular" }));
    expect(regular).not.toBe(solid);
    expect(html(resolveIcon("heart", { iconType: "duotone" }))).toBe(solid);
    expect(html(resolveIcon("heart", { iconType: "light" }))).toBe(solid);
  });

  it("finds brand icons without an icon type", () => {
    expect(html(resolveIcon("github"))).toContain("icon-github");
  });

  it("accepts old Font Awesome names and a leading fa- prefix", () => {
    const current = html(resolveIcon("circle-info")).replace("icon-circle-info", "");
    expect(html(resolveIcon("info-circle")).replace("icon-info-circle", "")).toBe(current);
    expect(html(resolveIcon("fa-circle-info")).replace("icon-fa-circle-info", "")).toBe(current);
  });

  it("applies the requested size and colour", () => {
    const svg = html(resolveIcon("Rocket", { size: 24, color: "#ff6b6b" }));
    expect(svg).toContain('width="24" height="24"');
    expect(svg).toContain('style="color:#ff6b6b"');
  });

  it("refuses a colour that would inject CSS", () => {
    expect(html(resolveIcon("rocket", { color: "red;background:url(x)" }))).not.toContain("style=");
  });

  it("returns undefined for a name neither set has, and for names that look like paths", () => {
    expect(resolveIcon("no-such-icon-anywhere")).toBeUndefined();
    expect(resolveIcon("../../package")).toBeUndefined();
  });

  it("keeps the table of old names, not the 1.8 MB metadata file it was read from", async () => {
    // A thread of its own: this file's other tests have read the table already.
    const worker = new Worker(new URL("./fixtures/alias-table-heap.ts", import.meta.url));
    const [result] = (await once(worker, "message")) as [{ resolved: boolean; grownMb: number }];
    await worker.terminate();
    expect(result.resolved).toBe(true);
    expect(result.grownMb).toBeLessThan(1);
  });

  it("hands back the same drawing on every call, so thousands of pages read each file once", () => {
    expect(html(resolveIcon("bolt"))).toBe(html(resolveIcon("bolt")));
  });
});

describe("icons on a rendered page", () => {
  it("puts the icon's real paths into the HTML, not escaped markup", async () => {
    const body = await renderPage({ "index.mdx": '<Card title="Go" icon="rocket">x</Card>\n' });
    expect(body.html).toMatch(/<svg[^>]*class="icon icon-rocket"[^>]*><path /);
    expect(body.html).not.toContain("&#x3C;path");
  });

  it("leaves the icon out, and keeps the component, when the name is unknown", async () => {
    const body = await renderPage({
      "index.mdx": '<Card title="Go" icon="no-such-icon-anywhere">x</Card>\n',
    });
    expect(body.html).toContain('<p class="card-title">Go</p>');
    expect(body.html).not.toContain("<svg");
  });
});
