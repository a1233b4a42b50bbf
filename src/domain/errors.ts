/**
 * Every error Quire reports to a client, in one catalogue: a stable code, the HTTP status it
 * maps to, and a default message. Code is recognised by `code`, never by message text.
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
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An error a client sees: its catalogue code and status, and a message that says what to fix. */
export class QuireError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (`Retry-After`, `WWW-Authenticate`). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERRORS[code].message, { cause: options.cause });
    this.name = "QuireError";
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = options.headers ?? {};
  }
}

/** A command-line or configuration mistake (a flag, an environment variable, a values file). */
export class ConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConfigError";
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
    super(message);
    this.name = "FieldError";
    this.field = field;
    this.problem = problem;
  }
}
