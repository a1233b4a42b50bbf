import { setFlagsFromString } from "node:v8";
import { isMainThread } from "node:worker_threads";

let compiledOnFirstRun = false;

/**
 * Has V8 compile each regular expression to machine code on its first run. By default it
 * interprets an expression first and compiles it once it has run (its "tier-up"), and under
 * tier-up a Shiki expression could answer differently on the same line depending on what the
 * thread had highlighted before: PowerShell's `New-Item`, in text V8 holds as UTF-16, was one
 * token or three from one export to the next (docs/decisions.md, "Highlighting that depended
 * on the pages before").
 *
 * The flag is the process's, and changing it while another thread runs expressions crashed
 * the process. So only the main thread sets it, once, when the exporter is imported: before
 * the exporter starts a render, search or preview thread.
 */
export function compileRegExpsOnFirstRun(): void {
  if (compiledOnFirstRun || !isMainThread) return;
  compiledOnFirstRun = true;
  setFlagsFromString("--no-regexp-tier-up");
}
