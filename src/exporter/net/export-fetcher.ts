import { AllowedHosts } from "./allowed-hosts.ts";
import { FetchError } from "./fetch-error.ts";
import { fetchText, type Resolver } from "./fetch-text.ts";

export interface ExportFetcherOptions {
  /** An air-gapped export: nothing is fetched, every URL is refused. */
  offline: boolean;
  /**
   * Hosts the operator allows although they are not public: host names, IP addresses, CIDR
   * ranges. Public hosts only when empty.
   */
  allowHosts?: readonly string[];
  /** Name resolution; the system's unless a test gives its own. */
  resolve?: Resolver;
  /** Stops every fetch of the export. */
  signal?: AbortSignal;
}

/**
 * The one way an export reaches the network. Stages get this object, never `fetch`: the rules
 * (public hosts only unless allowed, pinned addresses, checked redirects, size and time limits,
 * nothing when air-gapped) hold for every fetch an export makes.
 */
export class ExportFetcher {
  private readonly offline: boolean;
  private readonly allowedHosts: AllowedHosts;
  private readonly resolve?: Resolver;
  private readonly signal?: AbortSignal;

  /** Throws on an entry of `allowHosts` that is not a host name, an IP address or a CIDR range. */
  constructor(options: ExportFetcherOptions) {
    this.offline = options.offline;
    this.allowedHosts = new AllowedHosts(options.allowHosts ?? []);
    this.resolve = options.resolve;
    this.signal = options.signal;
  }

  /** The text at an http(s) URL; a FetchError says why not. */
  async fetchText(url: string, limits: { maxBytes: number; timeoutMs: number }): Promise<string> {
    if (this.offline)
      throw new FetchError(url, "offline", "an air-gapped export fetches nothing from the network");
    return fetchText(url, {
      allowedHosts: this.allowedHosts,
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      signal: this.signal,
      resolve: this.resolve,
    });
  }
}
