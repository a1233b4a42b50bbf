import { ChangeTracker } from "./change-tracker.ts";
import { PathGuard } from "./path-guard.ts";
import { createListFilesTool, createReadFileTool, createSearchFilesTool } from "./read-tools.ts";
import type { AgentTool } from "./tool-types.ts";
import {
  createDeleteFileTool,
  createEditFileTool,
  createMoveFileTool,
  createWriteFileTool,
} from "./write-tools.ts";

/**
 * The agent's file tools over one checkout: list_files, read_file, search_files,
 * write_file, edit_file, delete_file, move_file. Every path is confined to the checkout by a
 * PathGuard; every change is recorded in `changes` (one is made when not given).
 */
export function createFileTools(
  root: string,
  changes: ChangeTracker = new ChangeTracker(root),
): AgentTool[] {
  const guard = new PathGuard(root);
  const context = { guard, changes };
  return [
    createListFilesTool(guard),
    createReadFileTool(guard),
    createSearchFilesTool(guard),
    createWriteFileTool(context),
    createEditFileTool(context),
    createDeleteFileTool(context),
    createMoveFileTool(context),
  ];
}
