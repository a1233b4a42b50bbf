/*
 * The queues of background work, one per kind of job, and how many runs a job of each kind
 * gets. The services add work under these names and the runner's handlers take it: both read
 * them here, so neither imports the other.
 */

export const EXPORT_QUEUE = "export";
/** Runs of one export, counting reruns after a crash. */
export const EXPORT_MAX_ATTEMPTS = 3;

export const AGENT_QUEUE = "agent";
/**
 * Runs of one agent message: the run itself, and one more that only opens the pull request of
 * a run that died after its push (any other second attempt ends the job as interrupted).
 */
export const AGENT_MAX_ATTEMPTS = 2;

/** Every kind, in the order `quire worker --kinds` lists them. */
export const JOB_KINDS = [EXPORT_QUEUE, AGENT_QUEUE] as const;
export type JobKind = (typeof JOB_KINDS)[number];
