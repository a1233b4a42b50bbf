import path from "node:path";
import type { Static } from "@sinclair/typebox";
import type { LanguageModel } from "ai";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createAssistantHandler } from "../../assistant/assistant-handler.ts";
import { missingAgentSetting } from "../../config/agent-settings.ts";
import { QuireError } from "../../domain/errors.ts";
import { CLOUD_ASSISTANT_PREFIX } from "../../domain/project.ts";
import { AssistantSites } from "../../services/assistant-sites.ts";
import type { QuireContext } from "../../services/context.ts";
import { AssistantAvailabilitySchema, AssistantQuestionBody, ProjectPath } from "../schemas.ts";

/** Unpacked bundles the cache keeps on disk: the projects readers are asking about. */
const KEPT_BUNDLES = 8;
/** Opened search indexes kept in memory (a project's site and its languages'). */
const KEPT_INDEXES = 16;

const TAGS = ["Readers' assistant"];
/** Public: readers call it from the exported pages, with no key. */
const PUBLIC: never[] = [];
/** Pages on the project's own domain call it: any origin may read the answers, without credentials. */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After",
};
const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "GET, HEAD, POST",
  "Access-Control-Allow-Headers": "Content-Type, Accept",
  "Access-Control-Max-Age": "86400",
};

/** Error responses of the protocol, for the document: the Error body of the whole API. */
function protocolErrors(descriptions: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      { $ref: "Error#", description },
    ]),
  );
}

const NOT_OFFERED = "no project with this id offers the readers' assistant here";

/**
 * The readers' assistant of cloud projects (docs/api.md, "Readers' assistant"): the protocol of
 * `quire serve`'s `/_quire/assistant` (docs/bundle-format.md#assistant), the same code, answered
 * per project from its newest completed export, with the agent's model settings.
 */
export async function assistantRoutes(
  app: FastifyInstance,
  options: { context: QuireContext },
): Promise<void> {
  const { config, database, store, logger } = options.context;
  const missing = missingAgentSetting(config);
  // Some model settings but not all: said once at start, where the operator looks.
  if (missing && config.agentProvider)
    logger.warn(`the readers' assistant of cloud projects answers no question: ${missing}`);
  // The providers' SDKs load only when there is a model to talk to.
  const model: LanguageModel | null = missing
    ? null
    : (await import("../../agent/model.ts")).createModel(config);
  const handle = createAssistantHandler({
    model,
    perMinute: config.assistantPerMinute,
    timeoutSeconds: config.assistantTimeoutSeconds,
    keptIndexes: KEPT_INDEXES,
    noSiteMessage: "the assistant is not available: this project has no completed export yet",
    logger,
  });
  const sites = new AssistantSites({
    db: database.db,
    store,
    folder: path.join(config.dataDirPath, "cache", "assistant"),
    keep: KEPT_BUNDLES,
    logger,
  });

  // The protocol's code reads the body itself, as it came: no parser here consumes it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(CORS_HEADERS);
    done();
  });

  /** Hands the request to the protocol's code, with the headers set so far (CORS, request id). */
  const answer = async (
    request: FastifyRequest<{ Params: Static<typeof ProjectPath> }>,
    reply: FastifyReply,
  ) => {
    const found = await sites.lookup(request.params.projectId);
    if (found.kind === "not-offered")
      throw new QuireError("QUIRE_ERR_PROJECT_NOT_FOUND", NOT_OFFERED);
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    handle(request.raw, reply.raw, { root: found.root, address: request.ip });
  };

  const url = `${CLOUD_ASSISTANT_PREFIX}/:projectId`;
  app.get<{ Params: Static<typeof ProjectPath> }>(
    url,
    {
      schema: {
        summary: "Ask whether the readers' assistant answers",
        description:
          "Public, no key: the exported pages of a cloud project with the assistant on ask it before they show their Ask AI button. CORS: any origin, no credentials.",
        operationId: "getAssistantAvailability",
        tags: TAGS,
        security: PUBLIC,
        params: ProjectPath,
        response: {
          200: AssistantAvailabilitySchema,
          ...protocolErrors({
            404: "No cloud project with this id has the readers' assistant on.",
          }),
        },
      },
    },
    answer,
  );

  app.post<{ Params: Static<typeof ProjectPath> }>(
    url,
    {
      // The body is read and checked by the protocol's code; the schema below documents it.
      attachValidation: true,
      schema: {
        summary: "Ask the readers' assistant",
        description:
          "Public, no key, CORS for any origin: a reader's question, answered from the project's newest completed export with the operator's model, as server-sent events: sources, then text pieces, then done or error.",
        operationId: "askAssistant",
        tags: TAGS,
        security: PUBLIC,
        params: ProjectPath,
        body: AssistantQuestionBody,
        response: {
          200: {
            description:
              "Server-sent events, each data a JSON value: sources (the pages given to the model), text (pieces of the answer), then done, or error ({message}).",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          ...protocolErrors({
            400: "No question, or an empty one.",
            404: "No cloud project with this id has the readers' assistant on.",
            413: "The question is longer than 1,000 characters, or the body than 16 KiB.",
            415: "The body is not JSON.",
            429: "Too many questions from this address this minute: see Retry-After.",
            503: "No model is set up, or the project has no completed export yet.",
          }),
        },
      },
    },
    answer,
  );

  app.options(url, { schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).headers(PREFLIGHT_HEADERS).send(),
  );
}
