import type { MessagePort } from "node:worker_threads";
import type { TwoslashExtension } from "./twoslash-protocol.ts";
import type { TwoslashChecker, TwoslashOutcome, TwoslashThread } from "./twoslash-thread.ts";

/** A render worker's request to the export's thread, and its answer. */
export interface TwoslashRequest {
  type: "twoslash";
  id: number;
  code: string;
  extension: TwoslashExtension;
}
export interface TwoslashAnswer {
  type: "twoslash-outcome";
  id: number;
  outcome: TwoslashOutcome;
}

/** The render worker's side: blocks go to the parent thread, which owns the twoslash thread. */
export class ParentTwoslashChecker implements TwoslashChecker {
  private readonly port: MessagePort;
  private readonly waiting = new Map<number, (outcome: TwoslashOutcome) => void>();
  private nextId = 0;

  constructor(port: MessagePort) {
    this.port = port;
    port.on("message", (message: { type?: string }) => {
      if (message.type !== "twoslash-outcome") return;
      const { id, outcome } = message as TwoslashAnswer;
      this.waiting.get(id)?.(outcome);
      this.waiting.delete(id);
    });
  }

  check(code: string, extension: TwoslashExtension): Promise<TwoslashOutcome> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.port.postMessage({ type: "twoslash", id, code, extension } satisfies TwoslashRequest);
    });
  }
}

/** The parent's side: answers a render worker's request with its own twoslash thread. */
export async function answerTwoslashRequest(
  request: TwoslashRequest,
  thread: TwoslashThread,
  reply: (answer: TwoslashAnswer) => void,
): Promise<void> {
  const outcome = await thread.check(request.code, request.extension);
  reply({ type: "twoslash-outcome", id: request.id, outcome });
}
