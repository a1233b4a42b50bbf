import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/database.ts";
import type { JobQueue } from "../jobs/job-queue.ts";

/**
 * The Prometheus metrics of one process, in its own registry (no global state): requests by
 * route and status with latency, and the jobs and queue read from the database at scrape time,
 * so every process reports the same job figures.
 */
export function createMetrics(db: Db, jobQueue: JobQueue) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "quire" });
  const requests = new Counter({
    name: "quire_http_requests_total",
    help: "HTTP requests by route, method and status.",
    labelNames: ["route", "method", "status"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "quire_http_request_duration_seconds",
    help: "HTTP request latency by route and method.",
    labelNames: ["route", "method"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const jobs = new Gauge({
    name: "quire_jobs",
    help: "Jobs by kind and status (agent: active, completed, failed, archived; export: queued, running, completed, failed).",
    labelNames: ["kind", "status"],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: "quire_queue_depth",
    help: "Queued or running background work by kind.",
    labelNames: ["kind", "status"],
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: "quire_queue_oldest_age_seconds",
    help: "Age of the oldest queued or running work by kind.",
    labelNames: ["kind", "status"],
    registers: [registry],
  });

  const databaseUp = new Gauge({
    name: "quire_database_up",
    help: "1 when this scrape could read the job figures from the database, else 0 (and no job figures).",
    registers: [registry],
  });

  async function collectJobs(): Promise<void> {
    const [agent, exports, queue] = await Promise.all([
      db
        .selectFrom("agent_jobs")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
        .groupBy("status")
        .execute(),
      db
        .selectFrom("export_jobs")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
        .groupBy("status")
        .execute(),
      jobQueue.counts(new Date()),
    ]);
    jobs.reset();
    for (const status of ["active", "completed", "failed", "archived"])
      jobs.set({ kind: "agent", status }, 0);
    for (const status of ["queued", "running", "completed", "failed"])
      jobs.set({ kind: "export", status }, 0);
    for (const row of agent) jobs.set({ kind: "agent", status: row.status }, Number(row.count));
    for (const row of exports) jobs.set({ kind: "export", status: row.status }, Number(row.count));
    queueDepth.reset();
    queueAge.reset();
    for (const kind of ["agent", "export"]) {
      for (const status of ["queued", "running"]) {
        queueDepth.set({ kind, status }, 0);
        queueAge.set({ kind, status }, 0);
      }
    }
    for (const row of queue) {
      queueDepth.set({ kind: row.kind, status: row.status }, row.count);
      queueAge.set({ kind: row.kind, status: row.status }, row.oldestAgeSeconds);
    }
  }

  const seriesByKey = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; latency: ReturnType<typeof duration.labels> }
  >();
  return {
    registry,
    observe(route: string, method: string, status: number, seconds: number): void {
      // Label children are looked up once per route, method and status: on every request,
      // hashing the labels again would cost more than counting.
      const key = `${method} ${route} ${status}`;
      let series = seriesByKey.get(key);
      if (!series) {
        series = {
          count: requests.labels(route, method, String(status)),
          latency: duration.labels(route, method),
        };
        seriesByKey.set(key, series);
      }
      series.count.inc();
      series.latency.observe(seconds);
    },
    /** The exposition; request figures even while the database cannot be read. */
    async render(onError?: (error: unknown) => void): Promise<string> {
      try {
        await collectJobs();
        databaseUp.set(1);
      } catch (error) {
        jobs.reset();
        queueDepth.reset();
        queueAge.reset();
        databaseUp.set(0);
        onError?.(error);
      }
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
