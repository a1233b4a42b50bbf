/**
 * Why an export-time fetch did not happen or did not finish: `offline` (an air-gapped export
 * fetches nothing), `refused` (a URL or address the rules do not allow) or `failed` (the
 * server, the network, a limit). `reason` is one line for the user; the message adds the URL.
 */
export class FetchError extends Error {
  readonly url: string;
  readonly kind: "offline" | "refused" | "failed";
  readonly reason: string;

  constructor(
    url: string,
    kind: FetchError["kind"],
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${url}: ${reason}`, options);
    this.name = "FetchError";
    this.url = url;
    this.kind = kind;
    this.reason = reason;
  }
}
