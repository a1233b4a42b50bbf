import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  filePolicy,
  INERT_DOCUMENT_POLICY,
  inlineScriptHashes,
  MAX_SCANNED_PAGE_BYTES,
  NO_SOURCES,
  pagePolicy,
  readPolicySources,
} from "../../src/serve/content-security-policy.ts";

const hashOf = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
const BOOT = "document.documentElement.classList.add('js')";
const REDIRECT = 'location.replace("quickstart.html" + location.hash)';

/** The value of one directive of a policy. */
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("the policy of a bundle's pages", () => {
  it("never allows inline scripts by 'unsafe-inline', with or without a manifest", () => {
    for (const policy of [pagePolicy(readPolicySources(null)), pagePolicy(readPolicySources({}))]) {
      expect(directive(policy, "script-src")).toBe("script-src 'self'");
      expect(directive(policy, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
      expect(directive(policy, "object-src")).toBe("object-src 'none'");
      expect(directive(policy, "base-uri")).toBe("base-uri 'self'");
    }
  });

  it("lets pages post feedback to a collector on another host, and to no other address its URL could smuggle in", () => {
    const collector = readPolicySources({
      feedbackUrl: "https://feedback.example:8443/collect?x=1",
    });
    expect(collector.connectOrigins).toEqual([]);
    expect(directive(pagePolicy(collector), "connect-src")).toBe(
      "connect-src 'self' https://feedback.example:8443",
    );
    for (const feedbackUrl of [
      "/_quire/feedback",
      "javascript:alert(1)",
      "https://*.example/collect",
      "https://feedback.example; script-src *",
      42,
    ])
      expect(directive(pagePolicy(readPolicySources({ feedbackUrl })), "connect-src")).toBe(
        "connect-src 'self'",
      );
  });

  it("lets pages call the readers' assistant on another host, which is no origin of the playground's", () => {
    const endpoint = "https://ai.example.com:8443/ask";
    const sources = readPolicySources({ assistant: { endpoint } });
    expect(sources.connectOrigins).toEqual([]);
    expect(directive(pagePolicy(sources), "connect-src")).toBe(
      "connect-src 'self' https://ai.example.com:8443",
    );
    // An earlier Quire listed the assistant's origin among the playground's too.
    const earlier = readPolicySources({
      assistant: { endpoint },
      connectOrigins: ["https://api.example.com", "https://AI.example.com:8443"],
    });
    expect(earlier.connectOrigins).toEqual(["https://api.example.com"]);
    expect(directive(pagePolicy(earlier), "connect-src")).toBe(
      "connect-src 'self' https://api.example.com https://ai.example.com:8443",
    );
    for (const assistant of [
      { endpoint: "_quire/assistant" },
      { endpoint: "https://ai.example.com; script-src *" },
      { endpoint: 42 },
      "https://ai.example.com/ask",
      null,
    ])
      expect(directive(pagePolicy(readPolicySources({ assistant })), "connect-src")).toBe(
        "connect-src 'self'",
      );
  });

  it("takes from the manifest only hashes and origins of the exact shape, and nothing else", () => {
    const sources = readPolicySources({
      scriptHashes: [
        hashOf(BOOT),
        hashOf(REDIRECT),
        "'unsafe-inline'",
        "unsafe-inline",
        "sha256-*",
        `${hashOf(BOOT)}; script-src *`,
        `${hashOf(BOOT)} 'unsafe-eval'`,
        "sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb",
        `sha256-${"A".repeat(44)}`,
        42,
        null,
      ],
      scriptOrigins: [
        "https://analytics.example",
        "http://127.0.0.1:8125",
        "https://analytics.example; script-src *",
        "https://*.example",
        "*",
        "data:",
        "javascript:alert(1)",
        "https://analytics.example/path.js",
        "'unsafe-eval'",
      ],
      connectOrigins: ["https://api.example.com", "https://x.example 'unsafe-inline'"],
    });
    expect([...sources.scriptHashes]).toEqual([hashOf(BOOT), hashOf(REDIRECT)]);
    expect(sources.scriptOrigins).toEqual(["https://analytics.example", "http://127.0.0.1:8125"]);
    expect(sources.connectOrigins).toEqual(["https://api.example.com"]);

    const policy = pagePolicy(sources, [hashOf(BOOT)]);
    expect(directive(policy, "script-src")).toBe(
      `script-src 'self' '${hashOf(BOOT)}' https://analytics.example http://127.0.0.1:8125`,
    );
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://api.example.com");
    expect(policy).not.toMatch(/\*|unsafe-eval|javascript:/);
    expect(directive(policy, "script-src")).not.toContain("unsafe-inline");
  });

  it("allows the stylesheet and font hosts the manifest lists, of the exact shape only", () => {
    const sources = readPolicySources({
      deployment: "cloud",
      styleOrigins: ["https://fonts.googleapis.com", "https://x.example; script-src *"],
      fontOrigins: ["https://fonts.gstatic.com", "*"],
    });
    const policy = pagePolicy(sources);
    expect(directive(policy, "style-src")).toBe(
      "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    );
    expect(directive(policy, "font-src")).toBe("font-src 'self' data: https://fonts.gstatic.com");
    expect(directive(policy, "script-src")).toBe("script-src 'self'");
  });

  it("lets a cloud or client-hosted site's pages show images, video and frames of other https hosts, and an air-gapped one's none", () => {
    for (const deployment of ["cloud", "client-hosted"]) {
      const policy = pagePolicy(readPolicySources({ deployment }));
      expect(directive(policy, "img-src")).toBe("img-src 'self' data: https:");
      expect(directive(policy, "media-src")).toBe("media-src 'self' https:");
      expect(directive(policy, "frame-src")).toBe("frame-src 'self' https:");
    }
    for (const manifest of [{ deployment: "air-gapped" }, {}, { deployment: "https:" }, null]) {
      const policy = pagePolicy(readPolicySources(manifest));
      expect(directive(policy, "img-src")).toBe("img-src 'self' data:");
      expect(directive(policy, "media-src")).toBe("media-src 'self'");
      expect(directive(policy, "frame-src")).toBe("frame-src 'self'");
    }
  });

  it("names in a page's policy only the listed hashes of the scripts that page holds", () => {
    const sources = readPolicySources({ scriptHashes: [hashOf(BOOT), hashOf(REDIRECT)] });
    const page = `<html><head><script>${BOOT}</script></head><body><script>alert(1)</script></body></html>`;
    const policy = pagePolicy(sources, inlineScriptHashes(page));
    expect(directive(policy, "script-src")).toBe(`script-src 'self' '${hashOf(BOOT)}'`);
    // The redirect page's own script is allowed on the redirect page, not everywhere.
    expect(policy).not.toContain(hashOf(REDIRECT));
    expect(policy).not.toContain(hashOf("alert(1)"));
  });

  it("caps what a manifest can add", () => {
    const many = Array.from({ length: 20_000 }, (_, index) => hashOf(`script ${index}`));
    const origins = Array.from({ length: 500 }, (_, index) => `https://host-${index}.example`);
    const sources = readPolicySources({ scriptHashes: many, scriptOrigins: origins });
    expect(sources.scriptHashes.size).toBe(10_000);
    expect(sources.scriptOrigins).toHaveLength(50);
    // One page naming thousands of listed scripts still gets a header of bounded size.
    const policy = pagePolicy(sources, many.slice(0, 5000));
    expect(policy.length).toBeLessThan(8 * 1024);
  });

  it("hashes inline scripts as a browser does: their text, with CR LF read as LF", () => {
    const page = [
      "<script>one()</script>",
      "<SCRIPT type=text/javascript>two()</SCRIPT >",
      "<script>\r\nthree()\r\n</script>",
      '<script src="/_quire/quire.js"></script>',
      '<script type="application/json">{"a":1}</script>',
    ].join("\n");
    expect(inlineScriptHashes(page)).toEqual([
      hashOf("one()"),
      hashOf("two()"),
      hashOf("\nthree()\n"),
      hashOf('{"a":1}'),
    ]);
  });

  it("reads a page of unclosed script tags in one pass, and ends a script where a browser does", () => {
    expect(inlineScriptHashes("<script>a()</script><script>")).toEqual([hashOf("a()")]);
    expect(inlineScriptHashes("<script".repeat(50_000))).toEqual([]);
    expect(inlineScriptHashes(`<script>${"<script>".repeat(50_000)}`)).toEqual([]);
    expect(inlineScriptHashes("<script>a = '</scripts>'; b()</script>")).toEqual([
      hashOf("a = '</scripts>'; b()"),
    ]);
  });

  it("gives each kind of file its policy, and reads a page only when it has to", () => {
    const sources = readPolicySources({ scriptHashes: [hashOf(BOOT)] });
    const page = (html: string, size = html.length) => ({
      size,
      read: () => {
        reads += 1;
        return html;
      },
    });
    let reads = 0;
    const html = `<script>${BOOT}</script>`;
    expect(filePolicy(".html", sources, page(html))).toBe(pagePolicy(sources, [hashOf(BOOT)]));
    expect(reads).toBe(1);
    for (const extension of [".svg", ".xml"])
      expect(filePolicy(extension, sources, page(html))).toBe(INERT_DOCUMENT_POLICY);
    expect(filePolicy(".js", sources, page(html))).toBe(pagePolicy(sources));
    // Too large to scan, or nothing listed to look for: the page is not read, and runs no inline script.
    expect(filePolicy(".html", sources, page(html, MAX_SCANNED_PAGE_BYTES + 1))).toBe(
      pagePolicy(sources),
    );
    expect(filePolicy(".html", readPolicySources({}), page(html))).toBe(pagePolicy(NO_SOURCES));
    expect(reads).toBe(1);
  });

  it("gives SVG and XML documents a policy that runs nothing", () => {
    expect(INERT_DOCUMENT_POLICY).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox",
    );
  });
});
