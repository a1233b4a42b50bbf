/**
 * Every error Quire raises on purpose, in one catalogue: a stable code
 * (`QUIRE_ERR_<AREA>_<WHAT>`), an HTTP status, and a message template. The status is the one
 * an HTTP answer carries; an error that never reaches one (a command line, `quire serve`'s
 * start-up, an agent run) has the status closest in meaning, so that it would be answered
 * right if it ever did. A template's `{name}` parts are filled from the values the error is
 * raised with. Code recognises an error by `code`, never by its message text.
 *
 * The codes of the API are sent in the `Quire-Error-Code` header and listed per operation and
 * status in the OpenAPI document; a test keeps the two in step. The seven codes without an area
 * (`QUIRE_ERR_NOT_FOUND`, `_RATE_LIMITED`, `_METHOD_NOT_ALLOWED`, `_CSRF`, `_FORBIDDEN`,
 * `_UNAVAILABLE`, `_INTERNAL`) predate the pattern and stay as they are: clients branch on them.
 */
export const ERRORS = {
  QUIRE_ERR_AUTH_MISSING: {
    status: 401,
    message: "missing credentials: send the header Authorization: Bearer quire_<secret>",
  },
  QUIRE_ERR_AUTH_INVALID: {
    status: 401,
    message: "invalid API key: it is malformed, unknown or revoked",
  },
  QUIRE_ERR_REQUEST_INVALID: { status: 400, message: "invalid request" },
  QUIRE_ERR_REQUEST_MALFORMED_JSON: { status: 400, message: "the request body is not valid JSON" },
  QUIRE_ERR_REQUEST_TOO_LARGE: { status: 413, message: "the request body is larger than 1 MiB" },
  QUIRE_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "the request body must be JSON (Content-Type: application/json)",
  },
  QUIRE_ERR_NOT_FOUND: { status: 404, message: "not found" },
  QUIRE_ERR_PROJECT_NOT_FOUND: { status: 404, message: "no such project" },
  QUIRE_ERR_AGENT_JOB_NOT_FOUND: { status: 404, message: "no such agent job" },
  QUIRE_ERR_AGENT_JOB_CONFLICT: {
    status: 409,
    message: "the agent job cannot take a message in its current state",
  },
  QUIRE_ERR_EXPORT_DOMAIN_NOT_FOUND: {
    status: 404,
    message: "no project with that domain in this organization",
  },
  QUIRE_ERR_EXPORT_PLAN_REQUIRED: {
    status: 403,
    message: "static export needs the enterprise plan",
  },
  QUIRE_ERR_EXPORT_JOB_NOT_FOUND: { status: 404, message: "no such static export job" },
  QUIRE_ERR_EXPORT_NOT_COMPLETED: { status: 409, message: "the export job has not completed" },
  QUIRE_ERR_RATE_LIMITED: { status: 429, message: "rate limit exceeded" },
  QUIRE_ERR_LINK_INVALID: { status: 403, message: "this link is invalid or has been altered" },
  QUIRE_ERR_LINK_EXPIRED: {
    status: 403,
    message: "this link has expired: request a new one from the bundle endpoint",
  },
  QUIRE_ERR_RANGE_NOT_SATISFIABLE: {
    status: 416,
    message: "the requested range is outside the file",
  },
  QUIRE_ERR_METHOD_NOT_ALLOWED: { status: 405, message: "method not allowed" },
  QUIRE_ERR_SESSION_REQUIRED: { status: 401, message: "sign in to the dashboard first" },
  QUIRE_ERR_SIGN_IN_FAILED: { status: 401, message: "wrong email or password" },
  QUIRE_ERR_SIGN_IN_THROTTLED: {
    status: 429,
    message: "too many failed sign-ins: wait before trying again",
  },
  QUIRE_ERR_CSRF: {
    status: 403,
    message: "this form has expired or was sent from another site: reload the page and try again",
  },
  QUIRE_ERR_FORBIDDEN: {
    status: 403,
    message: "your role in this organization does not allow this: ask an owner or an admin",
  },
  QUIRE_ERR_ORG_NOT_FOUND: { status: 404, message: "no such organization" },
  QUIRE_ERR_API_KEY_NOT_FOUND: { status: 404, message: "no such API key" },
  QUIRE_ERR_MEMBER_NOT_FOUND: { status: 404, message: "no such member" },
  QUIRE_ERR_MEMBER_CONFLICT: {
    status: 409,
    message: "an organization keeps at least one owner",
  },
  QUIRE_ERR_INVITATION_INVALID: {
    status: 404,
    message: "this invitation link is unknown, already used, revoked or expired",
  },
  QUIRE_ERR_UNAVAILABLE: { status: 503, message: "the service is not ready" },
  QUIRE_ERR_INTERNAL: { status: 500, message: "internal error" },

  // Settings, flags, files and forms: mistakes of whoever configures or types.
  QUIRE_ERR_CONFIG_INVALID: { status: 400, message: "{setting} is not valid: {problem}" },
  QUIRE_ERR_CONFIG_FIELD_INVALID: { status: 400, message: "{field} is not valid: {problem}" },
  QUIRE_ERR_CLI_USAGE: {
    status: 400,
    message: "the command line is not valid: {problem} (run with --help for usage)",
  },
  /** 409: the port is taken, as a resource in a conflicting state. */
  QUIRE_ERR_CLI_PORT_IN_USE: {
    status: 409,
    message: "port {port} on {host} is already in use: choose another with {option} ({variable})",
  },
  QUIRE_ERR_CLI_LISTEN_FAILED: {
    status: 403,
    message: "cannot listen on {host}:{port}: {reason}",
  },
  QUIRE_ERR_CLI_PATH_UNWRITABLE: {
    status: 403,
    message: "cannot write {path} ({what}): {reason}",
  },
  /** 499: the client closed the request, as nginx names it. */
  QUIRE_ERR_CLI_INTERRUPTED: { status: 499, message: "interrupted by {signal}" },

  // quire serve.
  QUIRE_ERR_SERVE_VALUES_INVALID: {
    status: 400,
    message: "{file}: {key} is not valid: {problem}",
  },
  QUIRE_ERR_SERVE_LINK_REFUSED: {
    status: 502,
    message:
      "the bundle link was refused: generate a new link with POST /v1/static-export/jobs/{jobId}/bundle",
  },
  QUIRE_ERR_SERVE_DOWNLOAD_FAILED: {
    status: 502,
    message: "could not download the bundle: {reason}",
  },
  QUIRE_ERR_SERVE_BUNDLE_INVALID: { status: 422, message: "the bundle is refused: {reason}" },
  QUIRE_ERR_SERVE_VERSION_MISSING: {
    status: 409,
    message: "version {version} is not unpacked here and staticExport.bundleUrl is empty",
  },
  /** Its status is each refusal's own (400, 403, 404, 413, 502, 504...), sent with its reason. */
  QUIRE_ERR_SERVE_PROXY_REFUSED: {
    status: 400,
    message: "the API playground's proxy did not send the request: {reason}",
  },

  // Export jobs and their sources.
  QUIRE_ERR_EXPORT_SOURCE_FAILED: {
    status: 422,
    message: "the project's repository could not be read: {reason}",
  },

  // The database and quire db copy.
  QUIRE_ERR_DB_SCHEMA_TOO_NEW: {
    status: 503,
    message:
      "the database was migrated by a newer Quire (schema {schema}, this one knows up to {known}): upgrade Quire",
  },
  QUIRE_ERR_DB_COPY_REFUSED: { status: 409, message: "the copy is refused: {reason}" },
  QUIRE_ERR_DB_COPY_SCHEMA_MISMATCH: {
    status: 409,
    message:
      "the target's tables differ from the source's: both must be migrated by the same Quire",
  },
  QUIRE_ERR_DB_COPY_SOURCE_DAMAGED: {
    status: 500,
    message: "the installation being copied is damaged: {reason}",
  },
  QUIRE_ERR_DB_COPY_FAILED: {
    status: 500,
    message: "the copy failed and nothing was committed: {reason}",
  },

  // git, for export checkouts and the agent's workspace.
  QUIRE_ERR_GIT_FAILED: { status: 502, message: "git {command} failed: {reason}" },

  // Object storage and stored secrets.
  QUIRE_ERR_STORAGE_KEY_INVALID: { status: 500, message: 'invalid object key "{key}"' },
  QUIRE_ERR_STORAGE_FAILED: {
    status: 503,
    message: "the object storage could not be used: try again later",
  },
  QUIRE_ERR_STORAGE_SDK_MISSING: {
    status: 500,
    message: "cannot load the AWS SDK for S3 storage: reinstall Quire's dependencies",
  },
  QUIRE_ERR_SECRET_UNREADABLE: {
    status: 500,
    message: "a stored secret is not a sealed secret: the database is damaged",
  },

  // Agent runs: their limits, git, the forge, the model's tools.
  QUIRE_ERR_AGENT_RUN_LIMIT: { status: 422, message: "the run reached a limit: {limit}" },
  QUIRE_ERR_AGENT_RUN_STOPPED: { status: 409, message: "the job was stopped" },
  QUIRE_ERR_AGENT_FORGE_FAILED: {
    status: 502,
    message: "the forge refused or failed a call: {reason}",
  },
  QUIRE_ERR_AGENT_SEARCH_TIMEOUT: {
    status: 422,
    message: "the regular expression took too long to run",
  },
  QUIRE_ERR_AGENT_GLOB_INVALID: { status: 400, message: "the pattern is not valid: {problem}" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The values a message template's `{name}` parts are filled from. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A catalogue message with its `{name}` parts filled in; a part with no value stays as it is
 * written, so a missing value shows in the message instead of vanishing.
 */
export function formatMessage(code: ErrorCode, values: MessageValues = {}): string {
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (part, name: string) =>
    name in values ? String(values[name]) : part,
  );
}

/**
 * An error Quire raises on purpose: its catalogue code, and a message that says what is wrong
 * and what to do, either written out or the code's template filled with `values`. Every error
 * class of Quire's (outside the exporter, which keeps its own) derives from it.
 */
export class CodedError extends Error {
  readonly code: ErrorCode;

  constructor(
    code: ErrorCode,
    message?: string | MessageValues,
    options: { cause?: unknown } = {},
  ) {
    super(typeof message === "string" ? message : formatMessage(code, message), {
      cause: options.cause,
    });
    this.name = new.target.name;
    this.code = code;
  }
}

/** An error a client sees: its catalogue code and status, and a message that says what to fix. */
export class QuireError extends CodedError {
  /** Extra response headers (`Retry-After`, `WWW-Authenticate`). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message?: string | MessageValues,
    options: { cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(code, message, options);
    this.headers = options.headers ?? {};
  }

  /** The HTTP status it is answered with. */
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** A folder or file of the user's that Quire cannot write: its path, what it is for, and why. */
export class UnwritablePathError extends CodedError {
  constructor(what: string, target: string, reason: string, options: { cause?: unknown } = {}) {
    super("QUIRE_ERR_CLI_PATH_UNWRITABLE", { what, path: target, reason }, options);
  }
}

/** A command-line or configuration mistake (a flag, an environment variable, a values file). */
export class ConfigError extends CodedError {
  constructor(message: string, options: { cause?: unknown; code?: ErrorCode } = {}) {
    super(options.code ?? "QUIRE_ERR_CONFIG_INVALID", message, options);
  }
}

/**
 * A bad value of one input field. `message` names it as the command line does (`--name must
 * be ...`); `field` and `problem` let a form show the problem beside the field.
 */
export class FieldError extends ConfigError {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, message: string, problem: string) {
    super(message, { code: "QUIRE_ERR_CONFIG_FIELD_INVALID" });
    this.field = field;
    this.problem = problem;
  }
}
