import type { Db } from "../db/database.ts";
import { randomString } from "../domain/ids.ts";

/** Longest input or output kept per step: enough to follow a run, not a copy of the repository. */
const KEPT_CHARACTERS = 4000;

export interface TraceStep {
  kind: "model" | "tool" | "check" | "git" | "forge" | "note";
  name: string;
  input?: unknown;
  output?: unknown;
  inputTokens?: number;
  outputTokens?: number;
  durationMs?: number;
}

function clip(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > KEPT_CHARACTERS
    ? `${text.slice(0, KEPT_CHARACTERS)}… (${text.length - KEPT_CHARACTERS} more characters)`
    : text;
}

/** Records the steps of one agent run (for `quire jobs show` and the logs). */
export class TraceRecorder {
  readonly #db: Db;
  readonly #jobId: string;
  readonly #run: number;
  #seq = 0;

  constructor(db: Db, jobId: string, run: number) {
    this.#db = db;
    this.#jobId = jobId;
    this.#run = run;
  }

  async record(step: TraceStep): Promise<void> {
    this.#seq += 1;
    await this.#db
      .insertInto("agent_steps")
      .values({
        id: `st_${randomString(20).toLowerCase()}`,
        job_id: this.#jobId,
        run: this.#run,
        seq: this.#seq,
        kind: step.kind,
        name: step.name,
        input: clip(step.input),
        output: clip(step.output),
        input_tokens: step.inputTokens ?? null,
        output_tokens: step.outputTokens ?? null,
        duration_ms: step.durationMs === undefined ? null : Math.round(step.durationMs),
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}
