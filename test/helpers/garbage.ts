import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Collects this thread's garbage now, so a test measures memory that is still held rather
 * than what the collector has not reached yet. `--expose-gc` only gives new contexts a `gc`.
 */
export function collectGarbageNow(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
