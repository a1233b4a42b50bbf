import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The admin API's tests (and the dashboard's, on the same services): run a second time with
 * every server on a PostgreSQL database of its own and bundles in a local S3 server.
 */
const ADMIN_API_TESTS = [
  "test/http/**/*.test.ts",
  "test/agent/agent-job.test.ts",
  "test/client/**/*.test.ts",
  "test/cli/remote.test.ts",
  "test/dashboard/dashboard-http.test.ts",
  "test/db/read-cache.test.ts",
];

export default defineConfig({
  // In a checkout, `quire/exporter` is the front door's source (the `quire-source` condition of
  // package.json's exports), never a built dist/; the packed package maps it to the built
  // JavaScript. The other conditions are vitest's defaults, which this setting replaces.
  ssr: { resolve: { conditions: ["quire-source", "node", "development|production"] } },
  test: {
    // Timeouts only decide how long a hang takes to be reported: these are sized for a shared
    // 2-core machine that, some days, runs the suite at a third of its usual pace.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // What a reader sees is polled until it shows: on a loaded 2-core machine a streamed answer
    // took over Vitest's default second to appear in a browser test.
    expect: { poll: { timeout: 30_000 } },
    pool: "forks",
    // On CPUs with memory protection keys (many server CPUs), V8 write-protects JIT
    // pages per thread, and WebAssembly made and dropped in threads of one process can abort a
    // test process on `Check failed: jit_page.has_value()`. The flag turns that protection off
    // in test processes; the abort was also seen without it, on a CPU without the keys, which
    // is one reason export jobs run in a process of their own (docs/decisions.md).
    execArgv: ["--no-memory-protection-keys"],
    // Most test files wait on servers, processes and browsers rather than compute: on a 2-core
    // machine Vitest's default (cores - 1) would run them one at a time.
    maxWorkers: Math.max(3, os.availableParallelism()),
    projects: [
      { extends: true, test: { name: "embedded", include: ["test/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ADMIN_API_TESTS,
          env: { QUIRE_TEST_BACKEND: "postgres" },
        },
      },
    ],
  },
});
