import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { AGENT_JOB_STATUSES, MAX_PROMPT_LENGTH } from "../domain/agent-job.ts";
import { ERRORS, type ErrorCode } from "../domain/errors.ts";
import { EXPORT_JOB_STATUSES } from "../domain/static-export-job.ts";

/**
 * The API's request and response shapes: one definition gives the validation, the TypeScript
 * types and the OpenAPI document (docs/api.md says the same in words).
 */
const DateTime = Type.String({ format: "date-time" });
/**
 * `type: [T, "null"]` rather than `anyOf`: the same contract, but the response serializer
 * (fast-json-stringify) writes it directly instead of validating each branch on every response.
 */
const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, "null"] });
/** A string from a fixed list, as `enum` (one check) rather than a union of literals. */
const StringEnum = <T extends string>(
  values: readonly T[],
  options: { description?: string } = {},
) => Type.Unsafe<T>({ type: "string", enum: [...values], ...options });

export const ErrorBody = Type.Object(
  { error: Type.String({ description: "What went wrong, in words a person can act on." }) },
  { $id: "Error", title: "Error" },
);

export const AgentJobSchema = Type.Object(
  {
    id: Type.String({ description: "Unique identifier of the agent job." }),
    status: StringEnum(AGENT_JOB_STATUSES, {
      description:
        "active → completed | failed; any → archived; completed | failed → active on a follow-up message.",
    }),
    source: Type.Object({
      repository: Type.String({ description: "Full URL of the source code repository." }),
      ref: Nullable(Type.String({ description: "The branch the agent works on." })),
    }),
    model: Type.String({ description: "The AI model used for this job." }),
    prLink: Nullable(
      Type.String({
        format: "uri",
        description:
          "URL of the pull request created by the agent; null while active or when nothing changed.",
      }),
    ),
    createdAt: DateTime,
    updatedAt: DateTime,
    archivedAt: Nullable(DateTime),
    error: Nullable(Type.String({ description: "Why the job failed." })),
    summary: Nullable(Type.String({ description: "The agent's closing message." })),
  },
  { $id: "AgentJob", title: "AgentJob" },
);

export const PromptBody = Type.Object(
  {
    prompt: Type.String({
      minLength: 1,
      maxLength: MAX_PROMPT_LENGTH,
      description: "The instruction for the agent.",
    }),
  },
  { title: "PromptRequest" },
);

export const AgentJobPath = Type.Object({ projectId: Type.String(), id: Type.String() });
export const ProjectPath = Type.Object({
  projectId: Type.String({
    description: "The project identifier, from the API keys page of the dashboard.",
  }),
});

export const AgentJobListQuery = Type.Object({
  limit: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,3}$", description: "Jobs per page, 1 to 100 (default 20)." }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 512, description: "nextCursor of the previous page." }),
  ),
  status: Type.Optional(
    StringEnum(AGENT_JOB_STATUSES, { description: "Only jobs with this status." }),
  ),
});

export const AgentJobList = Type.Object(
  { jobs: Type.Array(AgentJobSchema), nextCursor: Nullable(Type.String()) },
  { title: "AgentJobList" },
);

export const StartExportBody = Type.Object(
  {
    domain: Type.String({
      minLength: 1,
      maxLength: 253,
      description: "The documentation domain to export.",
    }),
    version: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "A version label, written into the bundle's quire-export.json.",
      }),
    ),
    paths: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), {
        minItems: 1,
        maxItems: 10_000,
        description: "Export only these pages: page paths, or folder prefixes ending in /.",
      }),
    ),
  },
  { title: "StartExportRequest" },
);

export const StaticExportJobSchema = Type.Object(
  {
    jobId: Type.String(),
    status: StringEnum(EXPORT_JOB_STATUSES, {
      description: "queued → running → completed | failed.",
    }),
    progress: Type.Number({
      minimum: 0,
      maximum: 100,
      description: "Percent done, never decreasing.",
    }),
    pageCount: Type.Integer({
      minimum: 0,
      description: "Pages exported so far; all pages once completed.",
    }),
    createdAt: DateTime,
    updatedAt: DateTime,
    error: Nullable(Type.String()),
    domain: Type.String(),
    version: Nullable(Type.String()),
  },
  { $id: "StaticExportJob", title: "StaticExportJob" },
);

export const ExportJobPath = Type.Object({ jobId: Type.String() });

export const BundleSchema = Type.Object(
  {
    jobId: Type.String(),
    bundleUrl: Type.String({
      format: "uri",
      description: "Presigned link to the archive; works until expiresAt.",
    }),
    expiresAt: DateTime,
    sizeBytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  },
  { $id: "Bundle", title: "Bundle" },
);

/** `GET /v1/assistant/{projectId}`: whether the readers' assistant answers (docs/bundle-format.md). */
export const AssistantAvailabilitySchema = Type.Object(
  {
    available: Type.Boolean({
      description:
        "True when questions are answered: a model is set up and the project has a completed export.",
    }),
  },
  { $id: "AssistantAvailability", title: "AssistantAvailability" },
);

/** `POST /v1/assistant/{projectId}`: a reader's question. Documented here, read by the protocol's own code. */
export const AssistantQuestionBody = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: "The reader's question, at most 1,000 characters.",
    }),
    index: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          "The search index of the asking page's language (its data-search-index); the site's when absent.",
      }),
    ),
  },
  { title: "AssistantQuestion" },
);

/** What each error status means, for the document. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: the message names the field.",
  401: "Missing, malformed, unknown or revoked API key (with WWW-Authenticate: Bearer).",
  403: "Not allowed: the project is not on the enterprise plan.",
  404: "No such resource in the key's organization.",
  409: "The resource is not in a state that allows this call.",
  413: "The request body is larger than 1 MiB.",
  415: "The request body is not JSON.",
  429: "Rate limit exceeded: see Retry-After and the RateLimit-* headers.",
};

/** What every call behind the API key can be refused with. */
export const AUTH_ERRORS: readonly ErrorCode[] = [
  "QUIRE_ERR_AUTH_MISSING",
  "QUIRE_ERR_AUTH_INVALID",
];

/** What a JSON body can be wrong in before the route sees it. */
export const BODY_ERRORS: readonly ErrorCode[] = [
  "QUIRE_ERR_REQUEST_INVALID",
  "QUIRE_ERR_REQUEST_MALFORMED_JSON",
  "QUIRE_ERR_REQUEST_TOO_LARGE",
  "QUIRE_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE",
];

/**
 * The error responses of a route from the catalogue codes it can answer with (the API key's
 * own always): one response per status, with the Error body and the `Quire-Error-Code` header
 * listing exactly those codes, so the document and the catalogue cannot disagree.
 */
export function errorResponses(...codes: ErrorCode[]): Record<
  number,
  {
    $ref: string;
    description: string;
    headers: Record<string, { description: string; type: "string"; enum: string[] }>;
  }
> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...AUTH_ERRORS, ...codes])) {
    const { status } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, listed]) => [
      status,
      {
        $ref: "Error#",
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        headers: {
          // A JSON schema: @fastify/swagger writes it as the header's `schema`.
          "Quire-Error-Code": {
            description: "The error's stable code in Quire's catalogue.",
            type: "string",
            enum: listed,
          },
        },
      },
    ]),
  );
}
