import type { Logger } from "pino";
import { startedByNpm } from "../config/launcher.ts";

/** A second signal this long after the first stops the process at once. */
const FORCE_AFTER_MS = 1000;

/**
 * Calls `stop` once on SIGTERM or SIGINT. A second signal a moment later ends the process at
 * once (signals repeated within a second, as a terminal and npm both send one, are one request).
 * Started through npm (`npx quire api &`), the process also stops when its parent goes away:
 * the shell npm starts does not pass signals on, so `kill %1` would otherwise orphan it.
 */
export function onStopRequest(stop: (reason: string) => Promise<void>, logger: Logger): void {
  let firstAt = 0;
  const request = (reason: string) => {
    if (firstAt === 0) {
      firstAt = Date.now();
      void stop(reason);
      return;
    }
    if (Date.now() - firstAt < FORCE_AFTER_MS) return;
    process.stderr.write("Stopping now.\n");
    process.exit(1);
  };
  process.on("SIGTERM", () => request("SIGTERM"));
  process.on("SIGINT", () => request("SIGINT"));
  if (startedByNpm()) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      logger.warn({ parent }, "the npm process that started this one has exited: stopping");
      request("parent exited");
    }, 1000);
    watch.unref();
  }
}
