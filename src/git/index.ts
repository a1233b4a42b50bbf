/** Git for the whole of Quire: one way to run it, credentials, and what is safe to show. */
export { forgeCredentials, type GitCredentials, NO_CREDENTIALS } from "./credentials.ts";
export { gitEnvironment, HARDENING_CONFIG } from "./environment.ts";
export { redact, redactUrl } from "./redact.ts";
export { GitError, type GitFailure, type GitOptions, runGit } from "./run-git.ts";
