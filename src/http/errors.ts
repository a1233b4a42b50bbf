import type { FastifyError, FastifyInstance } from "fastify";
import { CodedError, ERRORS, type ErrorCode, QuireError } from "../domain/errors.ts";

/** Fastify's own errors, mapped to the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "QUIRE_ERR_REQUEST_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "QUIRE_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "QUIRE_ERR_REQUEST_INVALID",
  FST_ERR_CTP_EMPTY_JSON_BODY: "QUIRE_ERR_REQUEST_INVALID",
  FST_ERR_CTP_INVALID_JSON_BODY: "QUIRE_ERR_REQUEST_MALFORMED_JSON",
  FST_ERR_VALIDATION: "QUIRE_ERR_REQUEST_INVALID",
};

/**
 * What a client reads of a server-side failure: the catalogue's message when it says
 * something without details (the storage could not be used), else "internal error". The
 * error's own message, which may name a bucket or a file, goes to the log only.
 */
function serverMessage(code: ErrorCode): string {
  const { message } = ERRORS[code];
  return message.includes("{") ? ERRORS.QUIRE_ERR_INTERNAL.message : message;
}

/**
 * Every error leaves as `{"error": message}` with its catalogue status and a
 * `Quire-Error-Code` header; never a stack trace. Any error of the catalogue keeps its code
 * (a 4xx its message too); unexpected errors are logged with their cause and reported as a
 * plain 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | CodedError, request, reply) => {
    // Refused before its body was read (a missing key, say): closing the connection stops the
    // client sending a body nobody reads, where it would otherwise wait out the keep-alive.
    if (!request.raw.complete) reply.header("connection", "close");
    if (error instanceof CodedError) {
      const { status } = ERRORS[error.code];
      if (error instanceof QuireError)
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      if (status >= 500) request.log.error({ err: error, code: error.code }, "request failed");
      return reply
        .code(status)
        .header("Quire-Error-Code", error.code)
        .send({ error: status >= 500 ? serverMessage(error.code) : error.message });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const message =
        mapped === "QUIRE_ERR_REQUEST_INVALID"
          ? describeValidation(error)
          : mapped === "QUIRE_ERR_REQUEST_MALFORMED_JSON"
            ? `${ERRORS[mapped].message}: ${error.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'$/, "")}`.replace(
                /: $/,
                "",
              )
            : ERRORS[mapped].message;
      return reply
        .code(ERRORS[mapped].status)
        .header("Quire-Error-Code", mapped)
        .send({ error: message });
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .header("Quire-Error-Code", "QUIRE_ERR_REQUEST_INVALID")
        .send({ error: error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .code(500)
      .header("Quire-Error-Code", "QUIRE_ERR_INTERNAL")
      .send({ error: ERRORS.QUIRE_ERR_INTERNAL.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .header("Quire-Error-Code", "QUIRE_ERR_NOT_FOUND")
      .send({ error: `no route ${request.method} ${request.url.split("?")[0]}` });
  });
}

/** Ajv's first complaint as a sentence naming the field: `prompt must not be empty`. */
function describeValidation(error: FastifyError): string {
  const issue = error.validation?.[0];
  if (!issue) return error.message;
  const where = error.validationContext ?? "body";
  const field = issue.instancePath ? issue.instancePath.slice(1).replaceAll("/", ".") : where;
  const params = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case "required":
      return `${issue.instancePath ? `${field}.` : ""}${String(params.missingProperty)} is required`;
    case "type":
      return `${field} must be ${params.type === "object" ? "a JSON object" : `a ${String(params.type)}`}`;
    case "minLength":
      return Number(params.limit) === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(params.limit)} characters`;
    case "maxLength":
      return `${field} must be at most ${Number(params.limit).toLocaleString("en-US")} characters`;
    case "pattern":
      return `${field} is not valid here`;
    case "anyOf":
    case "enum":
    case "const":
      return `${field} has a value that is not allowed`;
    default:
      return `${field} ${issue.message ?? "is invalid"}`;
  }
}
