import { type FSWatcher, watch } from "node:fs";
import path from "node:path";

/** Changes this close together are one batch: an editor's save is often several writes and a rename. */
const SETTLE_MS = 20;

/** Folders whose changes never concern the site. */
const SKIPPED = /(^|\/)(\.git|node_modules)(\/|$)/;

/**
 * Watches a folder and everything under it, calling `onChanges` with the repository-relative
 * paths (forward slashes) changed, created or deleted, a batch at a time once writes settle.
 * Uses Node's recursive watch (inotify on Linux, with Node 20 and later).
 */
export function watchFolder(
  root: string,
  onChanges: (files: string[]) => void,
): { close: () => void } {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, filename) => {
    if (!filename) return;
    const file = filename.toString().split(path.sep).join("/");
    if (SKIPPED.test(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending].sort();
      pending = new Set();
      onChanges(batch);
    }, SETTLE_MS);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
