import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type DevSession, startDevSession } from "../../src/dev/dev-session.ts";
import { makeDevSite } from "./dev-site-fixture.ts";

const sessions: DevSession[] = [];
afterEach(async () => {
  while (sessions.length > 0) await sessions.pop()?.close();
});

async function start(root: string, port = 0): Promise<{ session: DevSession; output: string[] }> {
  const output: string[] = [];
  const session = await startDevSession({
    sourceDir: root,
    port,
    host: "127.0.0.1",
    write: (text) => output.push(text),
  });
  sessions.push(session);
  return { session, output };
}

/** The events of a page's stream, as they come. */
async function openEvents(url: string, pagePath: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}_quire-dev/events?page=${encodeURIComponent(pagePath)}`, {
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    contentType: response.headers.get("content-type"),
    /** The data of the next `reload` event. */
    async nextReload(): Promise<unknown> {
      for (;;) {
        const match = /event: reload\ndata: (.*)\n\n/.exec(buffered);
        if (match) {
          buffered = buffered.slice((match.index ?? 0) + match[0].length);
          return JSON.parse(match[1] as string);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffered += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

describe("quire dev's session: the server, the watcher and live reload", () => {
  it("serves pages with the dev client script, the site's files, and its 404 page", async () => {
    const { session, output } = await start(makeDevSite());
    const page = await fetch(`${session.url}guide`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Mind the sandbanks at low tide.");
    const clientPath =
      /<script src="\/(_quire-dev\/client\.[0-9a-f]+\.js)" defer data-page="guide"/.exec(html)?.[1];
    const client = await fetch(`${session.url}${clientPath}`);
    expect(await client.text()).toContain("EventSource");
    const script = /src="(_quire\/quire\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    expect((await fetch(`${session.url}${script}`)).headers.get("content-type")).toContain(
      "javascript",
    );
    const markdown = await fetch(`${session.url}guide.md`);
    expect(markdown.headers.get("content-type")).toContain("text/markdown");
    expect(await markdown.text()).toMatch(/^# Charting guide\n[\s\S]*Mind the sandbanks/);
    const missing = await fetch(`${session.url}no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
    expect(output.join("")).toMatch(/3 pages of .* at http:\/\/127\.0\.0\.1:\d+\//);
  });

  it("tells an open page to reload when its file is saved, and serves the new text", async () => {
    const root = makeDevSite();
    const { session, output } = await start(root);
    await fetch(`${session.url}guide`);
    const events = await openEvents(session.url, "guide");
    expect(events.contentType).toContain("text/event-stream");
    const file = path.join(root, "guide.mdx");
    writeFileSync(file, readFileSync(file, "utf8").replace("first.", "first, then set sail."));
    expect(await events.nextReload()).toEqual({ pages: ["guide"] });
    expect(await (await fetch(`${session.url}guide`)).text()).toContain("then set sail.");
    expect(output.join("")).toContain("guide.mdx changed: guide");
    events.close();
  });

  it("prints a broken page's error with its source lines, and gives them to the page's overlay", async () => {
    const root = makeDevSite();
    const { session, output } = await start(root);
    await fetch(`${session.url}index`);
    const events = await openEvents(session.url, "index");
    writeFileSync(
      path.join(root, "index.mdx"),
      "---\ntitle: Welcome aboard\n---\n\n<Note>\nopen\n",
    );
    await events.nextReload();
    // The terminal reports once the page is rendered, right after the open pages are told.
    await expect
      .poll(() => output.join(""))
      .toMatch(/error index\.mdx:5:1 .*\n.*\n.*\n> 5 \| <Note>/);
    const html = await (await fetch(`${session.url}index`)).text();
    expect(html).toContain("index.mdx:5:1");
    events.close();
  });

  it("prints a broken link as a warning at its line, and sends a redirected path on", async () => {
    const root = makeDevSite();
    const config = JSON.parse(readFileSync(path.join(root, "docs.json"), "utf8"));
    config.redirects = [{ source: "/start", destination: "/guide" }];
    writeFileSync(path.join(root, "docs.json"), JSON.stringify(config));
    const file = path.join(root, "guide.mdx");
    writeFileSync(file, readFileSync(file, "utf8").replace("(/index)", "(/harbour)"));
    const { session, output } = await start(root);
    const html = await (await fetch(`${session.url}guide`)).text();
    expect(html).toMatch(/guide\.mdx:7:\d+/);
    expect(output.join("")).toMatch(
      /warning guide\.mdx:7:\d+ link to "\/harbour" points to no page/,
    );
    const moved = await fetch(`${session.url}start`, { redirect: "manual" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/guide");
  });

  it("tells every open page to reload when docs.json changes", async () => {
    const root = makeDevSite();
    const { session } = await start(root);
    const events = await openEvents(session.url, "index");
    const config = JSON.parse(readFileSync(path.join(root, "docs.json"), "utf8"));
    config.navigation.groups[0].pages.push("extra");
    writeFileSync(path.join(root, "docs.json"), JSON.stringify(config));
    expect(await events.nextReload()).toEqual({ pages: "all" });
    expect(await (await fetch(`${session.url}index`)).text()).toContain("Harbour extras");
    events.close();
  });

  it("takes the next port when the one asked for is taken, and says so", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const { session, output } = await start(makeDevSite(), taken);
      expect(session.url).not.toContain(`:${taken}/`);
      expect(output.join("")).toContain(`port ${taken} is taken: using`);
    } finally {
      blocker.close();
    }
  });
});
