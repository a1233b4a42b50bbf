import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

const BIN = path.resolve("bin/quire.js");

export interface QuireServe {
  /** `http://127.0.0.1:PORT`. */
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * A real `quire serve` process serving the bundle archive at `file`, which it downloads from a
 * local link named in its values file, as an operator runs it. Resolves once it serves. Its
 * folders live until `stop`, so a test file may share one server across its tests. `environment`
 * adds settings (the assistant's model).
 */
export async function startQuireServe(
  file: string,
  environment: Record<string, string> = {},
): Promise<QuireServe> {
  const link: Server = createServer((_request, response) => {
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => link.listen(0, "127.0.0.1", resolve));
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-serve-test-"));
  const values = path.join(work, "values.yaml");
  writeFileSync(
    values,
    `staticExport:\n  enabled: true\n  bundleUrl: "http://127.0.0.1:${(link.address() as AddressInfo).port}/b.tar.gz"\n`,
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      BIN,
      "serve",
      "--values",
      values,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--data-dir",
      path.join(work, "data"),
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, QUIRE_LOG_LEVEL: "warn", ...environment },
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    link.closeAllConnections();
    await new Promise((resolve) => link.close(resolve));
    rmSync(work, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 400; attempt++) {
    const base = /Quire serve listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (base && /Serving version/.test(output)) return { base, output: () => output, stop };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`quire serve did not start serving:\n${output}`);
}
