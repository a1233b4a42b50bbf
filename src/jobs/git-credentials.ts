import type { Forge } from "../domain/project.ts";

/**
 * Git configuration that sends a forge token with HTTPS requests, for one command only (passed
 * through GIT_CONFIG_* variables: never in argv, never in .git/config). The user name is the one
 * each forge expects with a token.
 */
export function tokenGitConfig(forge: Forge | null, token: string | null): Record<string, string> {
  if (!token) return {};
  const user = forge === "gitlab" ? "oauth2" : forge === "gitea" ? "quire" : "x-access-token";
  return {
    "http.extraHeader": `Authorization: Basic ${Buffer.from(`${user}:${token}`).toString("base64")}`,
  };
}
