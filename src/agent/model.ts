import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { missingAgentSetting } from "../config/agent-settings.ts";
import type { Config } from "../config/settings.ts";
import { ConfigError } from "../domain/errors.ts";

export type ModelSettings = Pick<
  Config,
  "agentProvider" | "agentModel" | "agentBaseUrl" | "agentApiKey"
>;

/**
 * The language model agent jobs use, from QUIRE_AGENT_PROVIDER / MODEL / BASE_URL / API_KEY.
 * `openai-compatible` is the way an air-gapped site runs its own model (Ollama, vLLM, LM Studio,
 * a gateway). OpenAI is spoken through Chat Completions, which gateways also speak.
 */
export function createModel(settings: ModelSettings): LanguageModel {
  const missing = missingAgentSetting(settings);
  if (missing) throw new ConfigError(missing);
  const modelName = settings.agentModel as string;
  const baseURL = settings.agentBaseUrl;
  switch (settings.agentProvider) {
    case "openai":
      return createOpenAI({ apiKey: settings.agentApiKey, ...(baseURL ? { baseURL } : {}) }).chat(
        modelName,
      );
    case "anthropic":
      return createAnthropic({
        apiKey: settings.agentApiKey,
        ...(baseURL ? { baseURL } : {}),
      }).languageModel(modelName);
    default:
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: baseURL as string,
        apiKey: settings.agentApiKey,
        includeUsage: true,
      }).chatModel(modelName);
  }
}
