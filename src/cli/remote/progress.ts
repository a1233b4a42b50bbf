import { SingleBar } from "cli-progress";
import type { StaticExportJob } from "../../../client/src/index.ts";
import { formatBytes as formatSize } from "../../common/format-bytes.ts";
import { plural } from "../../common/plural.ts";

/**
 * Progress on stderr: a bar on a terminal, plain lines otherwise (CI logs, pipes, --json),
 * one per change of status and per tenth of the way, so a log stays short.
 */
export class Progress {
  readonly #bar: SingleBar | undefined;
  #barStarted = false;
  #lastLine = "";
  #announced = new Set<string>();

  constructor(interactive: boolean) {
    this.#bar = interactive
      ? new SingleBar({
          format: " {phase} [{bar}] {percentage}% {detail}",
          barsize: 30,
          hideCursor: true,
          clearOnComplete: true,
        })
      : undefined;
  }

  /** A line of its own (repeated lines are printed once). */
  line(text: string): void {
    if (text === this.#lastLine) return;
    this.#lastLine = text;
    if (this.#barStarted) this.stop();
    process.stderr.write(`${text}\n`);
  }

  exportJob(job: StaticExportJob): void {
    const detail = plural(job.pageCount, "page");
    if (this.#bar) {
      if (!this.#announced.has(job.jobId)) {
        this.#announced.add(job.jobId);
        this.line(`Export job ${job.jobId} of ${job.domain}`);
      }
      this.#update(job.status, Math.floor(job.progress), detail);
      return;
    }
    const tenth = job.status === "running" ? ` ${Math.floor(job.progress / 10) * 10}%` : "";
    this.line(`export job ${job.jobId}: ${job.status}${tenth}, ${detail}`);
  }

  download(received: number, total: number, file: string): void {
    const percent = total === 0 ? 100 : Math.floor((received / total) * 100);
    if (this.#bar) {
      this.#update("download", percent, `${formatSize(received)} of ${formatSize(total)}`);
      return;
    }
    this.line(`downloading the bundle (${formatSize(total)}) to ${file}`);
  }

  stop(): void {
    if (!this.#barStarted) return;
    this.#bar?.stop();
    this.#barStarted = false;
  }

  #update(phase: string, value: number, detail: string): void {
    const payload = { phase: phase.padEnd(9), detail };
    if (!this.#barStarted) {
      this.#bar?.start(100, value, payload);
      this.#barStarted = true;
    } else {
      this.#bar?.update(value, payload);
    }
  }
}
