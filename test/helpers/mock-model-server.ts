import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEachTest } from "./cleanup.ts";

/** One scripted answer of the model. */
export type ModelTurn =
  | { text: string }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[]; text?: string }
  /** An HTTP error, as a provider sends it (for retries and failures). */
  | { status: number; error: string }
  /** Decides from the request (e.g. to answer a tool result). */
  | ((request: ChatRequest) => ModelTurn)
  /** Never answers (for time limits and archiving). */
  | { hang: true };

export interface ChatRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; description?: string; parameters: unknown } }[];
  stream?: boolean;
  headers: IncomingMessage["headers"];
}

export interface MockModelServer {
  /** Base URL for QUIRE_AGENT_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Queues more turns; when the script runs out, the model answers "Done." */
  script(...turns: ModelTurn[]): void;
  /** Tokens reported per answer (default 100 in, 20 out). */
  usage: { prompt: number; completion: number };
  close(): Promise<void>;
}

const servers: MockModelServer[] = [];
await afterEachTest(async () => {
  while (servers.length > 0) await (servers.pop() as MockModelServer).close();
});

/**
 * A local server speaking OpenAI's Chat Completions API (`POST /v1/chat/completions`, JSON or
 * server-sent events), answering from a script of turns: what the agent's hosted model would
 * say, on the real wire protocol.
 */
export async function startMockModel(): Promise<MockModelServer> {
  const queue: ModelTurn[] = [];
  const requests: ChatRequest[] = [];
  const hanging = new Set<() => void>();
  let callCount = 0;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const chat: ChatRequest = { ...body, headers: request.headers };
    requests.push(chat);
    let turn: ModelTurn = queue.shift() ?? { text: "Done." };
    while (typeof turn === "function") turn = turn(chat);
    if ("hang" in turn) {
      await new Promise<void>((resolve) => {
        hanging.add(resolve);
        request.socket.once("close", resolve);
      });
      return;
    }
    if ("status" in turn) {
      response
        .writeHead(turn.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: turn.error, type: "server_error" } }));
      return;
    }
    callCount += 1;
    const toolCalls =
      "toolCalls" in turn
        ? turn.toolCalls.map((call, index) => ({
            id: `call_${callCount}_${index}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : [];
    const text = turn.text ?? null;
    const finishReason = toolCalls.length > 0 ? "tool_calls" : "stop";
    const usage = {
      prompt_tokens: mock.usage.prompt,
      completion_tokens: mock.usage.completion,
      total_tokens: mock.usage.prompt + mock.usage.completion,
    };
    const base = {
      id: `chatcmpl-${callCount}`,
      created: Math.floor(Date.now() / 1000),
      model: body.model,
    };
    if (!body.stream) {
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          ...base,
          object: "chat.completion",
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: text,
                ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage,
        }),
      );
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    send({
      ...base,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
    });
    if (text)
      for (const piece of text.match(/.{1,12}/gs) ?? [])
        send({
          ...base,
          object: "chat.completion.chunk",
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        });
    toolCalls.forEach((call, index) => {
      send({
        ...base,
        object: "chat.completion.chunk",
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index,
                  id: call.id,
                  type: "function",
                  function: { name: call.function.name, arguments: "" },
                },
              ],
            },
            finish_reason: null,
          },
        ],
      });
      send({
        ...base,
        object: "chat.completion.chunk",
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index, function: { arguments: call.function.arguments } }] },
            finish_reason: null,
          },
        ],
      });
    });
    send({
      ...base,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
    });
    send({ ...base, object: "chat.completion.chunk", choices: [], usage });
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const mock: MockModelServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    usage: { prompt: 100, completion: 20 },
    script: (...turns) => queue.push(...turns),
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(mock);
  return mock;
}

/** The text of the tool results the model was sent in a request (newest last). */
export function toolResults(request: ChatRequest): string[] {
  return request.messages
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
}
