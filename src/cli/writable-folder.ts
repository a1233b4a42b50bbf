import { UnwritablePathError } from "../domain/errors.ts";
import { writeProblem } from "../files/writable-folder.ts";

/** Creates the folder if needed and checks it can be written; else one line naming it. */
export function ensureWritableFolder(folder: string, what: string): void {
  const problem = writeProblem(folder);
  if (problem) throw new UnwritablePathError(what, folder, problem);
}
