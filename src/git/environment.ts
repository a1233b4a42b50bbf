import type { GitCredentials } from "./credentials.ts";

/**
 * Variables that point git at another repository, index or configuration (`git rev-parse
 * --local-env-vars`, and the command-line configuration): inherited from a parent (Quire run
 * from a git hook, say), they would redirect Quire's commands. Never passed on.
 */
const REPOSITORY_VARIABLES = new Set([
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_CONFIG",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_OBJECT_DIRECTORY",
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_IMPLICIT_WORK_TREE",
  "GIT_GRAFT_FILE",
  "GIT_INDEX_FILE",
  "GIT_NO_REPLACE_OBJECTS",
  "GIT_REPLACE_REF_BASE",
  "GIT_PREFIX",
  "GIT_INTERNAL_SUPER_PREFIX",
  "GIT_SHALLOW_FILE",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
]);

/**
 * Configuration every command gets. Only the transports repositories are cloned over may run
 * (`ext::` and other remote helpers named in a URL would run programs), and no hook ever runs.
 */
export const HARDENING_CONFIG: Readonly<Record<string, string>> = {
  "protocol.allow": "never",
  "protocol.https.allow": "always",
  "protocol.http.allow": "always",
  "protocol.ssh.allow": "always",
  "protocol.git.allow": "always",
  "protocol.file.allow": "always",
  "core.hooksPath": "/dev/null",
};

/**
 * The environment of a git command: the process's own (PATH, HOME for SSH keys, proxies) without
 * anything that redirects git, with no system or user configuration, no prompt for a password
 * (a missing credential fails at once), and the hardening and credentials as command-scope
 * configuration.
 */
export function gitEnvironment(
  credentials: GitCredentials,
  inherited: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(inherited))
    if (!REPOSITORY_VARIABLES.has(name) && !/^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(name))
      environment[name] = value;
  Object.assign(environment, {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "true",
    SSH_ASKPASS: "true",
  });
  const entries = Object.entries({ ...HARDENING_CONFIG, ...credentials.config });
  environment.GIT_CONFIG_COUNT = String(entries.length);
  entries.forEach(([key, value], index) => {
    environment[`GIT_CONFIG_KEY_${index}`] = key;
    environment[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return environment;
}
