/** What the runner hands a job while it runs. */
export interface JobContext {
  /** The export or agent job this work is for. */
  subjectId: string;
  /** 1 on the first run, more after a crash or a retry. */
  attempt: number;
  /** Aborted when the job is cancelled (archived), its lease is lost, or the process stops. */
  signal: AbortSignal;
}

/** One kind of background work. */
export interface JobHandler {
  kind: string;
  /** Jobs of this kind run at once in one process. */
  concurrency: number;
  /** Runs in all, counting reruns after a crash; 1 for work that cannot safely run twice. */
  maxAttempts: number;
  /**
   * Does the work. Content failures (a broken page, a bad repository) are the handler's to
   * record on its job, returning normally; a throw means "try again" until `maxAttempts`.
   */
  run(context: JobContext): Promise<void>;
  /**
   * Whether a run handed back at shutdown counts as an attempt. Exports rerun from scratch, so
   * it does not; an agent run cannot be replayed, so it does (its next attempt only finishes
   * what was already pushed, or ends the job as interrupted).
   */
  handBackCountsAttempt?: boolean;
  /** Marks the subject failed when the queue gives up on it (attempts used up, interrupted). */
  giveUp(subjectId: string, reason: string): Promise<void>;
}
