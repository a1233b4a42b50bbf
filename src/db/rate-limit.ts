import type { Queryable } from "./database.ts";

export interface RateWindow {
  /** Events in the window. */
  used: number;
  /** When the oldest event in the window leaves it (ISO), or null when the window is empty. */
  oldestExpiresAt: string | null;
}

/** Counts a project's limited calls in the rolling window ending now. */
export async function countRateEvents(
  db: Queryable,
  projectId: string,
  windowStart: string,
  windowMs: number,
): Promise<RateWindow> {
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("used"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("project_id", "=", projectId)
    .where("created_at", ">", windowStart)
    .executeTakeFirst();
  const oldest = row?.oldest ?? null;
  return {
    used: Number(row?.used ?? 0),
    oldestExpiresAt: oldest ? new Date(Date.parse(oldest) + windowMs).toISOString() : null,
  };
}

export async function insertRateEvent(
  db: Queryable,
  id: string,
  projectId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto("rate_limit_events")
    .values({ id, project_id: projectId, created_at: now })
    .execute();
}

/** Events older than the window count for nothing; removed now and then. */
export async function pruneRateEvents(db: Queryable, before: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("created_at", "<=", before).execute();
}
