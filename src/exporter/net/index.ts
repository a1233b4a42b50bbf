/**
 * Export-time network access: every URL an export fetches goes through ExportFetcher, whose
 * rules keep a docs repository from reaching the operator's internal services.
 */
export { describeNonPublicAddress, NON_PUBLIC_RANGES } from "./address-ranges.ts";
export { ALLOWED_HOSTS_HINT, AllowedHosts, allowedHostProblem } from "./allowed-hosts.ts";
export {
  type AddressRules,
  describeNetworkError,
  type Exchange,
  type ExchangeAnswer,
  type ExchangeOptions,
  exchange,
} from "./checked-request.ts";
export { ExportFetcher, type ExportFetcherOptions } from "./export-fetcher.ts";
export { FetchError } from "./fetch-error.ts";
export {
  type FetchTextOptions,
  fetchText,
  MAX_REDIRECTS,
  type ResolvedAddress,
  type Resolver,
} from "./fetch-text.ts";
