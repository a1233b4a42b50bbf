import type { FastifyInstance } from "fastify";
import { QuireError } from "../../domain/errors.ts";
import { DOWNLOADS_PATH, type LocalFolderStore } from "../../storage/local-folder-store.ts";
import { checkLink } from "../../storage/signed-link.ts";

interface DownloadQuery {
  expires?: string;
  name?: string;
  signature?: string;
}

/** A single byte range from a Range header; null when absent or not one range we serve. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== "" && Number(match[2]) < start) return null;
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Serves the local store's presigned links: `GET /downloads/<key>?expires&name&signature`.
 * The link is the credential: no API key. Expired or altered links get 403 `{error}`.
 */
export async function downloadRoutes(
  app: FastifyInstance,
  options: { store: LocalFolderStore },
): Promise<void> {
  const { store } = options;
  app.route<{ Params: { "*": string }; Querystring: DownloadQuery }>({
    method: ["GET", "HEAD"],
    url: `${DOWNLOADS_PATH}/*`,
    schema: {
      summary: "Download a bundle",
      description:
        "The presigned bundle link returned by the bundle endpoint. Honours Range; 403 once expired or altered.",
      operationId: "downloadBundle",
      tags: ["Static export"],
      security: [],
      hide: true,
    },
    handler: async (request, reply) => {
      const key = request.params["*"];
      const { expires, name, signature } = request.query;
      const expiresAt = Number(expires);
      if (!expires || !/^[1-9]\d{0,11}$/.test(expires) || !name || !signature)
        throw new QuireError("QUIRE_ERR_LINK_INVALID");
      const verdict = checkLink(
        store.linkKey,
        { key, expires: expiresAt, fileName: name },
        signature,
        Math.floor(Date.now() / 1000),
      );
      if (verdict === "invalid") throw new QuireError("QUIRE_ERR_LINK_INVALID");
      if (verdict === "expired")
        throw new QuireError(
          "QUIRE_ERR_LINK_EXPIRED",
          `this link expired at ${new Date(expiresAt * 1000).toISOString()}: request a new one from the bundle endpoint`,
        );
      const object = await store.stat(key);
      if (!object)
        throw new QuireError(
          "QUIRE_ERR_NOT_FOUND",
          "the bundle no longer exists in storage: start a new export",
        );

      reply.header(
        "Content-Type",
        name.endsWith(".tar.gz") ? "application/gzip" : "application/octet-stream",
      );
      reply.header(
        "Content-Disposition",
        `attachment; filename="${name.replace(/["\\\r\n]/g, "_")}"`,
      );
      reply.header("Accept-Ranges", "bytes");
      reply.header("ETag", object.etag);
      reply.header("Last-Modified", object.modifiedAt.toUTCString());
      reply.header("Cache-Control", "private, no-transform");
      if (request.headers["if-none-match"] === object.etag) return reply.code(304).send();

      const ifRange = request.headers["if-range"];
      const range =
        ifRange === undefined || ifRange === object.etag
          ? parseRange(request.headers.range, object.sizeBytes)
          : null;
      if (range === "unsatisfiable") {
        reply.header("Content-Range", `bytes */${object.sizeBytes}`);
        throw new QuireError(
          "QUIRE_ERR_RANGE_NOT_SATISFIABLE",
          `the range ${request.headers.range} is outside the file (${object.sizeBytes} bytes)`,
        );
      }
      if (range) {
        reply
          .code(206)
          .header("Content-Range", `bytes ${range.start}-${range.end}/${object.sizeBytes}`)
          .header("Content-Length", String(range.end - range.start + 1));
        return reply.send(request.method === "HEAD" ? undefined : store.read(key, range));
      }
      reply.header("Content-Length", String(object.sizeBytes));
      return reply.send(request.method === "HEAD" ? undefined : store.read(key));
    },
  });
}
