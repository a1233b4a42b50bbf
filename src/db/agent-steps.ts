import type { Queryable } from "./database.ts";
import type { AgentStepsTable } from "./schema.ts";

export async function listAgentSteps(db: Queryable, jobId: string): Promise<AgentStepsTable[]> {
  return db
    .selectFrom("agent_steps")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("run")
    .orderBy("seq")
    .execute();
}
