import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError } from "../domain/errors.ts";
import {
  type ComponentMode,
  type DeploymentType,
  openSitePreview,
  type SitePreview,
} from "../exporter/index.ts";
import { createDevServer } from "./dev-server.ts";
import { LiveEvents } from "./live-events.ts";
import { ProblemReport } from "./problem-report.ts";
import { watchFolder } from "./watch-folder.ts";

/** Ports tried after the one asked for when it is taken. */
const PORTS_TRIED = 20;

export interface DevOptions {
  sourceDir: string;
  /** The port to listen on; the next free one when it is taken; any free one for 0. */
  port: number;
  host: string;
  deployment?: DeploymentType;
  components?: ComponentMode;
  /** The export's render cache; no cache when absent. */
  cacheDir?: string;
  /** Where the session reports (the terminal). */
  write: (text: string) => void;
}

export interface DevSession {
  url: string;
  preview: SitePreview;
  /** Stops watching, ends the pages' event streams and closes the server. */
  close(): Promise<void>;
}

/**
 * The writers' loop: the site served from memory, the folder watched, each change rendered
 * again where it matters and the open pages told to load again, problems in the terminal and
 * in the page. Changes are taken one batch at a time, in order.
 */
export async function startDevSession(options: DevOptions): Promise<DevSession> {
  const started = performance.now();
  const preview = await openSitePreview({
    sourceDir: options.sourceDir,
    deployment: options.deployment,
    components: options.components,
    cacheDir: options.cacheDir,
    onSearchIndexed: (pages, milliseconds) =>
      options.write(
        `quire dev: search now covers the text of all ${pages} pages (indexed in ${(milliseconds / 1000).toFixed(1)} s)\n`,
      ),
  });
  const report = new ProblemReport(preview.root, options.write);
  report.report("", preview.siteProblems());
  const events = new LiveEvents();
  const server = createDevServer({
    preview,
    events,
    onPageServed: (page) => report.report(page.pagePath, page.problems),
    onFault: (error) =>
      options.write(
        `quire dev: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  });
  const port = await listenNearby(server, options.port, options.host, options.write);
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}/`;
  options.write(
    `quire dev: ${preview.pageCount} pages of ${preview.root} at ${url} (ready in ${Math.round(performance.now() - started)} ms; Ctrl+C stops)\n`,
  );

  // The home page is rendered at once, in the background: it loads the render engine (parser,
  // highlighter) before the first page is asked for, and is most often that page.
  const home = preview.pageOfUrl("/");
  if (home)
    preview.page(home).then(
      (page) => page && report.report(home, page.problems),
      // Not lost: the page's request renders it again and reports what failed.
      () => undefined,
    );

  let queue = Promise.resolve();
  const onChanges = (files: string[]): void => {
    queue = queue
      .then(() => takeChanges(files))
      .catch((error: unknown) =>
        options.write(`quire dev: ${error instanceof Error ? error.message : String(error)}\n`),
      );
  };
  const takeChanges = async (files: string[]): Promise<void> => {
    const changeStarted = performance.now();
    const change = await preview.applyChanges(files);
    if (change.reload !== "all" && change.reload.length === 0 && change.problems.length === 0)
      return;
    report.report("", preview.siteProblems());
    // The pages are told first: their requests and the terminal's report below share one
    // render of each page (the preview renders a page once however many ask).
    const open = events.openPages();
    const told = events.reload(change.reload);
    const again =
      change.reload === "all"
        ? [...open]
        : change.reload.filter(
            (pagePath) =>
              open.has(pagePath) || files.some((file) => file.replace(/\.mdx?$/i, "") === pagePath),
          );
    for (const pagePath of again) {
      const page = await preview.page(pagePath);
      if (page) report.report(pagePath, page.problems);
    }
    const what = change.reload === "all" ? "every page" : listed(change.reload);
    options.write(
      `${listed(files)} changed: ${what} (${Math.round(performance.now() - changeStarted)} ms, ${told} open page${told === 1 ? "" : "s"} reloaded)\n`,
    );
  };
  const watcher = watchFolder(preview.root, onChanges);

  return {
    url,
    preview,
    close: async () => {
      watcher.close();
      events.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue;
      await preview.close();
    },
  };
}

/** A list for one line of the terminal: a branch switch may change hundreds of files. */
function listed(items: readonly string[], shown = 3): string {
  if (items.length <= shown) return items.join(", ");
  return `${items.slice(0, shown).join(", ")} and ${items.length - shown} more`;
}

/** Listens on `port`, or the next free one (saying so); on any free port for 0. */
async function listenNearby(
  server: Server,
  port: number,
  host: string,
  write: (text: string) => void,
): Promise<number> {
  const last = port === 0 ? 0 : Math.min(65_535, port + PORTS_TRIED);
  for (let candidate = port; ; candidate++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(candidate, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const bound = (server.address() as AddressInfo).port;
      if (port !== 0 && bound !== port) write(`quire dev: port ${port} is taken: using ${bound}\n`);
      return bound;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EADDRINUSE" || candidate >= last) {
        throw new ConfigError(
          code === "EADDRINUSE"
            ? `ports ${port} to ${last} on ${host} are all taken: choose one with --port`
            : `cannot listen on ${host}:${candidate}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
  }
}
