import { loadCodeLanguages } from "../code/languages.ts";
import type { PageContext } from "../mdx/page-context.ts";
import type { AppendedContent } from "../mdx/rendered-page.ts";
import type { ApiRenderSetup } from "../openapi/render-api-page.ts";
import type { ChannelPageRef } from "../site/page-index.ts";
import { renderChannel } from "./render-channel.ts";
import type { ChannelDoc } from "./types.ts";

/**
 * The `append` step of a channel page's render: the channel's reference after whatever the
 * page itself says. The document was parsed by the export before any page renders; its
 * channel comes with the render setup.
 */
export function appendChannel(
  reference: ChannelPageRef,
  pagePath: string,
  setup: ApiRenderSetup & { channels: Record<string, ChannelDoc> },
): (context: PageContext) => Promise<AppendedContent> {
  return async (context) => {
    const channel = setup.channels[pagePath];
    const dependencies = /^https?:\/\//i.test(reference.spec) ? [] : [reference.spec];
    if (!channel) {
      context.warn(
        `the channel "${reference.channel}" is not in "${reference.spec}"`,
        undefined,
        "asyncapi-channel",
      );
      return { nodes: [], markdown: "", dependencies };
    }
    await loadCodeLanguages(["json"]);
    const { nodes, markdown } = renderChannel(channel, context, setup.settings);
    return { nodes, markdown, dependencies };
  };
}
