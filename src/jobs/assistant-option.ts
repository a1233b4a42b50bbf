import type { Deployment } from "../domain/project.ts";
import { cloudAssistantPath } from "../domain/project.ts";
import type { Problem } from "../exporter/index.ts";

/** The project's settings that decide where its pages send readers' questions. */
export interface AssistantProject {
  id: string;
  deployment: Deployment;
  /** `quire projects create|update --assistant`. */
  assistantOn: boolean;
}

/**
 * The `--assistant` an export job gives the exporter, and a warning for the job when the choice
 * needs one. A cloud project's pages ask the admin API (`<public URL>/v1/assistant/<id>`), which
 * answers from the project's newest completed export; the address must be the one readers
 * reach, so it is the operator's `--public-url`, never guessed. Without it the pages ask `quire
 * serve` beside them (`same-origin`, what every project's exports did before), and the job says
 * so. Client-hosted and air-gapped pages always ask `quire serve` beside them.
 */
export function assistantOption(
  project: AssistantProject,
  publicUrl: string | undefined,
): { assistant?: string; warning?: Problem } {
  if (!project.assistantOn) return {};
  if (project.deployment !== "cloud") return { assistant: "same-origin" };
  if (publicUrl)
    return { assistant: `${publicUrl.replace(/\/+$/, "")}${cloudAssistantPath(project.id)}` };
  return {
    assistant: "same-origin",
    warning: {
      severity: "warning",
      rule: "assistant-public-url",
      file: "--public-url",
      message:
        "the readers' assistant of this cloud project cannot point at the admin API, whose public address is not set (--public-url, QUIRE_PUBLIC_URL, on the process that runs export jobs): the pages ask the server beside them instead (quire serve's /_quire/assistant), and show no Ask AI button elsewhere",
    },
  };
}
