import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import { validateSite } from "../../../src/exporter/validate-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const FIXTURE = path.resolve("test/exporter/asyncapi/fixtures/site");

function read(directory: string, file: string): string {
  return readFileSync(path.join(directory, file), "utf8");
}

/** What a reader sees of some HTML: its text without tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x([0-9a-f]+);/gi, (_entity, code: string) =>
      String.fromCodePoint(Number.parseInt(code, 16)),
    )
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function sidebarOf(html: string): string {
  const match = /<nav[^>]*class="sidebar[\s\S]*?<\/nav>/.exec(html);
  return match ? match[0] : "";
}

/** The examples column (the element the layout places beside the content), up to the description after it. */
function sideColumnOf(html: string): string {
  const start = html.indexOf('class="api-example-column"');
  expect(start, "an examples column").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('class="api-description"', start));
}

describe("WebSocket reference pages from the fixture's AsyncAPI 3.0 document", () => {
  let site: string;
  let warnings: string[];

  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "quire-asyncapi-"));
    site = path.join(root, "site");
    // In a render thread: the channels cross to it as plain data (the other exports render here).
    const result = await exportSite({ sourceDir: FIXTURE, outputDir: site, concurrency: 1 });
    warnings = result.warnings.map((warning) => `${warning.file} ${warning.message}`);
    return () => rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it("gives every channel a page under the group's directory, listed after the group's own pages", () => {
    expect(warnings).toEqual([]);
    const html = read(site, "websockets/room.html");
    expect(html).toContain('<h1 id="page-title" class="page-title">Chat room</h1>');
    const sidebar = sidebarOf(html);
    const links = [...sidebar.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(
      expect.arrayContaining(["../realtime-overview.html", "room.html", "presence.html"]),
    );
    const text = visibleText(sidebar);
    expect(text.indexOf("Realtime overview")).toBeLessThan(text.indexOf("Chat room"));
    expect(sidebar).toMatch(/nav-method-ws">WS<\/span><span>Chat room/);
    // A channel without a title is named by its address.
    expect(text.indexOf("Chat room")).toBeLessThan(text.indexOf("/presence"));
  });

  it("shows the channel's address, its server's URL, parameters and each operation's messages", () => {
    const html = read(site, "websockets/room.html");
    const text = visibleText(html);
    expect(html).toMatch(/<span class="api-method api-method-ws">WSS<\/span>/);
    expect(text).toContain("/rooms/{roomId}");
    expect(text).toContain("wss://chat.example.com/v1/rooms/{roomId} production");
    expect(text).toContain("Join a room to say things and to hear what the others say.");
    // (`#` is each heading's anchor link.)
    expect(text).toMatch(/Parameters # roomId string address required The room's identifier\./);
    expect(text).toMatch(/Send # Send say Something said said # A line of text said in the room\./);
    expect(text).toMatch(
      /Receive # Receive hear .*Someone joined joined # Payload member string Who came in\./,
    );
  });

  it("renders a message's payload from a file its $ref names, and its headers, as fields", () => {
    const text = visibleText(read(site, "websockets/room.html"));
    expect(text).toMatch(
      /PAYLOAD author string The member who said it\. text string required What was said, as plain text\./i,
    );
    expect(text).toMatch(/HEADERS x-correlation-id string Ties an answer to its question\./i);
  });

  it("puts the messages' examples in the side column: written ones, else built from the payload", () => {
    const html = read(site, "websockets/room.html");
    const column = sideColumnOf(html);
    expect(column).toContain("data-side-column");
    const text = visibleText(column);
    expect(text).toMatch(/SEND Something said · greeting/i);
    expect(text).toMatch(/"text" ?: ?"Hello, room!"/);
    expect(text).toMatch(/Someone joined Copy \{ "member" ?: ?"string" \}/);
  });

  it("ties a page with asyncapi frontmatter to its channel, keeping the page's own title and text", () => {
    const html = read(site, "events/live-feed.html");
    const text = visibleText(html);
    expect(html).toContain('<h1 id="page-title" class="page-title">Live feed</h1>');
    expect(text).toContain("The feed a dashboard listens to.");
    expect(text).toContain("/presence");
    expect(text).toMatch(/online integer People online now\./);
    expect(read(site, "events/live-feed.md")).toContain("`online` (integer): People online now.");
  });
});

const BASE_CONFIG = { name: "Events", colors: { primary: "#000000" } };

function asyncApi(said: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    asyncapi: "3.0.0",
    info: { title: "Events", version: "1.0.0" },
    channels: { room: { address: "/room", messages: { said } } },
    ...extra,
  });
}

function siteWith(document: string): Record<string, string> {
  return {
    "docs.json": JSON.stringify({
      ...BASE_CONFIG,
      navigation: { groups: [{ group: "Events", asyncapi: "asyncapi.json" }] },
    }),
    "asyncapi.json": document,
  };
}

async function exportError(
  files: Record<string, string>,
  options: { deployment?: "cloud" | "air-gapped"; allowHosts?: string[] } = {},
): Promise<string[]> {
  try {
    await exportSite({
      sourceDir: makeRepo(files),
      outputDir: path.join(makeTempDir(), "site"),
      ...options,
    });
  } catch (error) {
    if (error instanceof ExportFailedError)
      return error.problems.map(
        (problem) => `${problem.file}${problem.line ? `:${problem.line}` : ""} ${problem.message}`,
      );
    throw error;
  }
  throw new Error("the export did not fail");
}

describe("AsyncAPI references and errors", () => {
  it("fetches a remote $ref through the export's rules, and never in an air-gapped export", async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ type: "object", properties: { remoteField: { type: "string" } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/said.json`;
    const files = siteWith(asyncApi({ payload: { $ref: url } }));
    try {
      const problems = await exportError(files, {
        deployment: "air-gapped",
        allowHosts: ["127.0.0.1"],
      });
      expect(problems).toEqual([
        `asyncapi.json $ref "${url}": an air-gapped export fetches nothing from the network; the document gets no pages`,
      ]);
      expect(requests).toBe(0);
      // Not an allowed host: refused by the export's rules, not fetched by the parser either.
      const refused = await exportError(files);
      expect(refused[0]).toMatch(/^asyncapi\.json \$ref "http:\/\/127\.0\.0\.1:\d+\/said\.json": /);
      expect(requests).toBe(0);
      // The operator allows the host: fetched once, through the export's fetcher.
      const outputDir = path.join(makeTempDir(), "site");
      await exportSite({ sourceDir: makeRepo(files), outputDir, allowHosts: ["127.0.0.1"] });
      expect(requests).toBe(1);
      expect(read(outputDir, "api-reference/room.html")).toContain("remoteField");
    } finally {
      server.close();
    }
  });

  it("refuses a $ref to a file outside the repository", async () => {
    const problems = await exportError(
      siteWith(asyncApi({ payload: { $ref: "../../etc/passwd" } })),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^asyncapi\.json \$ref ".*passwd": the file is outside the repository; the document gets no pages$/,
    );
  });

  it("names the file and the parser's findings, with their paths, for an invalid document", async () => {
    const invalid = asyncApi(
      { payload: { type: "string" } },
      { operations: { say: { action: "shout", channel: { $ref: "#/channels/room" } } } },
    );
    const problems = await exportError(siteWith(invalid));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.startsWith("asyncapi.json"))).toBe(true);
    expect(problems.join("\n")).toContain("#/operations/say/action");
    const unreadable = await exportError(siteWith("asyncapi: [unclosed"));
    expect(unreadable[0]).toMatch(/^asyncapi\.json(:\d+)? /);
  });

  it("warns about a page whose frontmatter names a channel the document lacks, and quire check reports it", async () => {
    const files = {
      ...siteWith(asyncApi({ payload: { type: "string" } })),
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        api: { asyncapi: "asyncapi.json" },
        navigation: { groups: [{ group: "Events", pages: ["feed", "room", "moved"] }] },
      }),
      "feed.mdx": '---\ntitle: Feed\nasyncapi: "asyncapi.json nowhere"\n---\n\nText.\n',
      "moved.mdx": '---\ntitle: Moved\nasyncapi: "old/asyncapi.json feed"\n---\n\nText.\n',
      // Only the channel: looked up in the documents api.asyncapi names.
      "room.mdx": '---\nasyncapi: "room"\n---\n\nText.\n',
    };
    const result = await validateSite({ sourceDir: makeRepo(files) });
    expect(
      result.findings.map((finding) => `${finding.severity} ${finding.file} ${finding.message}`),
    ).toEqual([
      'warning feed.mdx frontmatter asyncapi "asyncapi.json nowhere": no channel "nowhere" in "asyncapi.json"; the page shows no channel reference',
      'warning moved.mdx frontmatter asyncapi "old/asyncapi.json feed": the repository has no file "old/asyncapi.json"; the page shows no channel reference',
    ]);
    const invalid = await validateSite({
      sourceDir: makeRepo(siteWith(asyncApi({ payload: { type: "string" } }, { channels: 5 }))),
    });
    expect(
      invalid.findings.some(
        (finding) => finding.severity === "error" && finding.file === "asyncapi.json",
      ),
    ).toBe(true);
  });
});
