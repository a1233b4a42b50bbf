import type { Problem } from "../problems.ts";
import type { DeploymentType, SiteConfig } from "../site/types.ts";
import { escapeHtml } from "../theme/html.ts";

/**
 * Web analytics in an export (docs/deployment-types.md): on in the cloud when configured; in a client-hosted
 * deployment only when the collector is the operator's own (a configured host of theirs);
 * never in an air-gapped one. The result is the HTML to put in every page's <head>.
 */
export interface AnalyticsDecision {
  headHtml: string;
  /** The inline scripts in `headHtml`, for a server's Content-Security-Policy to allow by hash. */
  inlineScripts: string[];
  /** Origins of the scripts in `headHtml`, for the same policy. */
  scriptOrigins: string[];
  /** Providers that will run. */
  enabled: string[];
  problems: Problem[];
}

/** A script an analytics provider adds to every page's head: loaded from its origin, or inline. */
type ScriptTag =
  | {
      src: string;
      async?: boolean;
      defer?: boolean;
      data?: Record<string, string>;
      /** Not a tag of its own: another script loads it. */
      loadedBy?: "inline";
    }
  | { inline: string };

interface Provider {
  /** Builds the tags, or returns a reason the settings cannot be used. */
  render(settings: Record<string, unknown>): { scripts: ScriptTag[] } | { reason: string };
  /** The operator's own collector host, when the settings name one (self-hosted collectors). */
  ownCollector(settings: Record<string, unknown>): string | undefined;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function httpsOrigin(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const PROVIDERS: Record<string, Provider> = {
  ga4: {
    render: ({ measurementId }) =>
      typeof measurementId === "string" && /^G-[A-Z0-9]{4,20}$/.test(measurementId)
        ? {
            scripts: [
              {
                src: `https://www.googletagmanager.com/gtag/js?id=${measurementId}`,
                async: true,
              },
              {
                inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config","${measurementId}");`,
              },
            ],
          }
        : { reason: "integrations.ga4.measurementId must look like G-XXXXXXX" },
    ownCollector: () => undefined,
  },
  gtm: {
    render: ({ tagId }) =>
      typeof tagId === "string" && /^GTM-[A-Z0-9]{4,20}$/.test(tagId)
        ? {
            scripts: [
              {
                inline: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":Date.now(),event:"gtm.js"});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+i;f.parentNode.insertBefore(j,f);})(window,document,"script","dataLayer","${tagId}");`,
              },
              // Loaded by the inline script: listed so a server's policy allows its origin.
              { src: "https://www.googletagmanager.com/gtm.js", async: true, loadedBy: "inline" },
            ],
          }
        : { reason: "integrations.gtm.tagId must look like GTM-XXXXXX" },
    ownCollector: () => undefined,
  },
  plausible: {
    render: ({ domain, server }) => {
      if (typeof domain !== "string" || !/^[a-z0-9.-]+$/i.test(domain))
        return { reason: "integrations.plausible.domain must be a host name" };
      const origin = server === undefined ? "https://plausible.io" : httpsOrigin(server);
      if (!origin) return { reason: "integrations.plausible.server must be an http(s) URL" };
      return { scripts: [{ src: `${origin}/js/script.js`, defer: true, data: { domain } }] };
    },
    ownCollector: ({ server }) => httpsOrigin(server),
  },
  posthog: {
    render: ({ apiKey, apiHost }) => {
      if (typeof apiKey !== "string" || !ID.test(apiKey))
        return { reason: "integrations.posthog.apiKey must be a project API key" };
      const origin = apiHost === undefined ? "https://us.i.posthog.com" : httpsOrigin(apiHost);
      if (!origin) return { reason: "integrations.posthog.apiHost must be an http(s) URL" };
      // Started by a script of its own rather than an `onload` attribute, which a policy
      // without inline handlers would block.
      return {
        scripts: [
          { src: `${origin}/static/array.js`, async: true },
          {
            inline: `window.addEventListener("load",function(){window.posthog&&window.posthog.init(${JSON.stringify(apiKey)},{api_host:${JSON.stringify(origin)}})});`,
          },
        ],
      };
    },
    ownCollector: ({ apiHost }) => httpsOrigin(apiHost),
  },
  fathom: {
    render: ({ siteId }) =>
      typeof siteId === "string" && /^[A-Z0-9]{4,16}$/.test(siteId)
        ? {
            scripts: [
              { src: "https://cdn.usefathom.com/script.js", defer: true, data: { site: siteId } },
            ],
          }
        : { reason: "integrations.fathom.siteId must be the site's ID" },
    ownCollector: () => undefined,
  },
};

export function decideAnalytics(config: SiteConfig, deployment: DeploymentType): AnalyticsDecision {
  const decision: AnalyticsDecision = {
    headHtml: "",
    inlineScripts: [],
    scriptOrigins: [],
    enabled: [],
    problems: [],
  };
  const warn = (message: string): void => {
    decision.problems.push({
      severity: "warning",
      rule: "integration",
      file: config.sourceFile,
      message,
    });
  };
  for (const [name, settings] of Object.entries(config.integrations.analytics)) {
    const provider = PROVIDERS[name];
    if (deployment === "air-gapped") {
      warn(
        `integrations.${name} is left out: an air-gapped export makes no request to other hosts`,
      );
      continue;
    }
    if (!provider) {
      warn(`integrations.${name} is not supported in a static export and is left out`);
      continue;
    }
    if (deployment === "client-hosted" && !provider.ownCollector(settings)) {
      warn(
        `integrations.${name} is left out: a client-hosted export sends analytics only to the operator's own collector (set its host in the integration's settings)`,
      );
      continue;
    }
    const rendered = provider.render(settings);
    if ("reason" in rendered) {
      warn(`integrations.${name} is left out: ${rendered.reason}`);
      continue;
    }
    for (const script of rendered.scripts) {
      if ("inline" in script) decision.inlineScripts.push(script.inline);
      else {
        const origin = new URL(script.src).origin;
        if (!decision.scriptOrigins.includes(origin)) decision.scriptOrigins.push(origin);
      }
      if (!("loadedBy" in script)) decision.headHtml += scriptTag(script);
    }
    decision.enabled.push(name);
  }
  return decision;
}

function scriptTag(script: ScriptTag): string {
  if ("inline" in script) return `<script>${script.inline}</script>`;
  const data = Object.entries(script.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join("");
  const timing = `${script.async ? " async" : ""}${script.defer ? " defer" : ""}`;
  return `<script${timing}${data} src="${escapeHtml(script.src)}"></script>`;
}
