import type { Config } from "./settings.ts";

export const AGENT_PROVIDERS = ["openai", "anthropic", "openai-compatible"] as const;

/**
 * What keeps agent jobs from running, in words an operator can act on; null when the model
 * settings are complete.
 */
export function missingAgentSetting(
  config: Pick<Config, "agentProvider" | "agentModel" | "agentBaseUrl" | "agentApiKey">,
): string | null {
  if (!config.agentProvider)
    return "no model is configured: set QUIRE_AGENT_PROVIDER (openai, anthropic or openai-compatible) and QUIRE_AGENT_MODEL";
  if (!(AGENT_PROVIDERS as readonly string[]).includes(config.agentProvider)) {
    return `QUIRE_AGENT_PROVIDER must be one of ${AGENT_PROVIDERS.join(", ")}, not "${config.agentProvider}"`;
  }
  if (!config.agentModel) return "no model is configured: set QUIRE_AGENT_MODEL (the model name)";
  if (config.agentProvider === "openai-compatible" && !config.agentBaseUrl)
    return "QUIRE_AGENT_BASE_URL is not set: an openai-compatible provider needs the model server's address";
  if (config.agentProvider !== "openai-compatible" && !config.agentApiKey)
    return `QUIRE_AGENT_API_KEY is not set: the ${config.agentProvider} provider needs an API key`;
  return null;
}
