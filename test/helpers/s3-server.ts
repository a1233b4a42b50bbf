import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** One request the server received, before it was checked. */
export interface S3Request {
  method: string;
  /** The bucket-and-key path, decoded: `/bucket/prefix/key`. */
  path: string;
  query: URLSearchParams;
  /** Whether its signature was accepted. */
  accepted: boolean;
}

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The AWS variables that make the SDK sign as this server's account (and never ask EC2 metadata). */
  env: Record<string, string>;
  /** `s3://BUCKET/PREFIX?endpoint=...&forcePathStyle=true&region=us-east-1` */
  storageUrl(bucket: string, prefix?: string): string;
  requests: S3Request[];
  close(): Promise<void>;
}

/**
 * A local server that speaks S3's REST API: s3rver (buckets and objects on disk, multipart,
 * Range, presigned expiry) behind a check of AWS Signature Version 4, which s3rver does not
 * verify itself: a request signed with another secret, an altered presigned link, or an
 * unsigned request gets 403 as from S3. Listens on 127.0.0.1 on a free port; its folder
 * outlives single tests (a server may serve a whole file) and is removed by close().
 */
export async function startS3Server(options: { buckets?: string[] } = {}): Promise<TestS3Server> {
  // s3rver's built-in account.
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  const directory = mkdtempSync(path.join(os.tmpdir(), "quire-s3-"));
  const s3rver = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name, configs: [] })),
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: S3Request[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const refusal = checkSignature(request, url, accessKeyId, secretAccessKey);
    requests.push({
      method: request.method ?? "GET",
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      accepted: !refusal,
    });
    if (refusal) return refuse(response, refusal);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    accessKeyId,
    secretAccessKey,
    env: {
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_EC2_METADATA_DISABLED: "true",
    },
    storageUrl: (bucket, prefix = "") =>
      `s3://${bucket}/${prefix}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          rmSync(directory, { recursive: true, force: true });
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

interface Refusal {
  code: string;
  message: string;
}

function refuse(response: ServerResponse, refusal: Refusal): void {
  response.writeHead(403, { "Content-Type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
  );
}

/** S3's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ as %XX. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/**
 * Checks a request's AWS Signature Version 4, in the Authorization header or in the query of a
 * presigned link. Returns why it is refused, or undefined when it is signed by the account.
 * (Expiry of presigned links is left to s3rver, which checks it.)
 */
function checkSignature(
  request: IncomingMessage,
  url: URL,
  accessKeyId: string,
  secretAccessKey: string,
): Refusal | undefined {
  const query = url.searchParams;
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  const authorization = request.headers.authorization;
  if (query.get("X-Amz-Algorithm") === "AWS4-HMAC-SHA256") {
    credential = query.get("X-Amz-Credential") ?? "";
    signedHeaders = query.get("X-Amz-SignedHeaders") ?? "";
    signature = query.get("X-Amz-Signature") ?? "";
    amzDate = query.get("X-Amz-Date") ?? "";
    payloadHash = query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD";
  } else if (authorization?.startsWith("AWS4-HMAC-SHA256 ")) {
    const fields = new Map(
      authorization
        .slice("AWS4-HMAC-SHA256 ".length)
        .split(",")
        .map((field) => {
          const [name, ...value] = field.trim().split("=");
          return [name, value.join("=")] as const;
        }),
    );
    credential = fields.get("Credential") ?? "";
    signedHeaders = fields.get("SignedHeaders") ?? "";
    signature = fields.get("Signature") ?? "";
    amzDate = String(request.headers["x-amz-date"] ?? "");
    payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  } else {
    return { code: "AccessDenied", message: "Access Denied (the request is not signed)" };
  }
  const [keyId, date, region, service, terminator] = credential.split("/");
  if (keyId !== accessKeyId)
    return {
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist in our records.",
    };
  if (!date || !region || service !== "s3" || terminator !== "aws4_request" || !amzDate)
    return { code: "AuthorizationQueryParametersError", message: "malformed credential scope" };

  const canonicalPath = url.pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerNames = signedHeaders.split(";");
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest, "utf8").digest("hex"),
  ].join("\n");
  let signingKey = hmac(`AWS4${secretAccessKey}`, date);
  for (const part of [region, service, terminator]) signingKey = hmac(signingKey, part);
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString("hex"));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return {
      code: "SignatureDoesNotMatch",
      message:
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    };
  return undefined;
}
