import { describe, expect, it } from "vitest";
import { checkSrcset, checkUrl, safeUrl } from "../../../src/exporter/safety/url-policy.ts";

describe("the URL rule", () => {
  it.each([
    "guides/start",
    "../up.html",
    "/absolute/path",
    "#section",
    "?query=1",
    "https://example.com/a?b#c",
    "http://example.com",
    "//cdn.example.com/x.png",
    "mailto:team@example.com",
    "tel:+15551234",
    "cursor://anysphere.cursor-deeplink/mcp/install?name=x",
    "vscode:extension/foo.bar",
    "  https://padded.example.com  ",
    "./notes/26.08",
  ])("lets a link to %j through", (url) => {
    expect(checkUrl(url, "link").ok).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JaVaScRiPt:alert(1)",
    "  javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\r\nscript:alert(1)",
    "javascript\u0000:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "DATA:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "blob:https://example.com/uuid",
    "filesystem:https://example.com/x",
    "livescript:alert(1)",
  ])("refuses a link to %j", (url) => {
    const verdict = checkUrl(url, "link");
    expect(verdict.ok).toBe(false);
    expect(safeUrl(url, "link")).toBeUndefined();
  });

  it("says why a link is refused", () => {
    expect(checkUrl("JavaScript:alert(1)")).toEqual({
      ok: false,
      reason: "its scheme javascript: runs script",
    });
    expect(checkUrl("data:text/html,x")).toEqual({
      ok: false,
      reason: "a data: URL is only allowed for an image",
    });
  });

  it("allows data: images where an image is shown, and nowhere else", () => {
    expect(checkUrl("data:image/png;base64,iVBORw0KGgo=", "image").ok).toBe(true);
    expect(checkUrl("data:image/svg+xml;utf8,<svg/>", "image").ok).toBe(true);
    expect(checkUrl("data:image/png;base64,iVBORw0KGgo=", "link").ok).toBe(false);
    expect(checkUrl("data:image/png;base64,iVBORw0KGgo=", "resource").ok).toBe(false);
    expect(checkUrl("data:text/html,x", "image").ok).toBe(false);
  });

  it("lets only the web load into a page: no app schemes for images and embeds", () => {
    expect(checkUrl("https://www.youtube.com/embed/x", "resource").ok).toBe(true);
    expect(checkUrl("mailto:a@b.c", "resource").ok).toBe(false);
    expect(checkUrl("cursor://x", "image").ok).toBe(false);
  });

  it("refuses a srcset when any of its candidates is refused", () => {
    expect(checkSrcset("a.png 1x, b.png 2x").ok).toBe(true);
    expect(checkSrcset("data:image/png;base64,AAAA 1x, b.png 2x").ok).toBe(true);
    expect(checkSrcset("a.png 1x, javascript:alert(1) 2x").ok).toBe(false);
    expect(checkSrcset("a.png 1x,\tJAVASCRIPT:alert(1) 2x").ok).toBe(false);
  });
});
