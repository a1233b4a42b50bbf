import { CodedError } from "../domain/errors.ts";

/** Where a server command was told to listen, and which option and variable set the port. */
export interface ListenTarget {
  host: string;
  port: number;
  /** `--port` */
  option: string;
  /** `QUIRE_PORT` */
  variable: string;
}

/**
 * The one-line error for a server that could not listen: a port another program holds, a port
 * below 1024 without the right, an address that is not this machine's. Any other error is
 * returned as it is.
 */
export function listenError(error: unknown, target: ListenTarget): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const values = { host: target.host, port: target.port };
  if (code === "EADDRINUSE")
    return new CodedError(
      "QUIRE_ERR_CLI_PORT_IN_USE",
      { ...values, option: target.option, variable: target.variable },
      { cause: error },
    );
  const reasons: Record<string, string> = {
    EACCES: `this user may not use port ${target.port} (ports below 1024 need privileges): choose another with ${target.option} (${target.variable})`,
    EADDRNOTAVAIL: `${target.host} is not an address of this machine: choose another with --host`,
    ENOTFOUND: `${target.host} is not a known host name: choose another with --host`,
  };
  const reason = code ? reasons[code] : undefined;
  return reason
    ? new CodedError("QUIRE_ERR_CLI_LISTEN_FAILED", { ...values, reason }, { cause: error })
    : error;
}
