import type { Forge } from "../domain/project.ts";

/** What a git command authenticates with. */
export interface GitCredentials {
  /** Configuration for one command, passed through GIT_CONFIG_* variables: never argv, never .git/config. */
  config: Record<string, string>;
  /** Text that must never appear in an error or a log line: the token, as given and as sent. */
  secrets: string[];
}

export const NO_CREDENTIALS: GitCredentials = { config: {}, secrets: [] };

/**
 * A forge token sent with HTTPS requests as a Basic authorization header, with the user name
 * each forge expects with a token.
 */
export function forgeCredentials(forge: Forge | null, token: string | null): GitCredentials {
  if (!token) return NO_CREDENTIALS;
  const user = forge === "gitlab" ? "oauth2" : forge === "gitea" ? "quire" : "x-access-token";
  const encoded = Buffer.from(`${user}:${token}`).toString("base64");
  return {
    config: { "http.extraHeader": `Authorization: Basic ${encoded}` },
    secrets: [token, encoded],
  };
}
