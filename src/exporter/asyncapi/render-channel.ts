import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { renderCodeBlock } from "../code/render-code-block.ts";
import { field } from "../components/fields.ts";
import { slug } from "../components/props.ts";
import { PAGE_LEAD_PROPERTY } from "../components/side-column.ts";
import { tabSet } from "../components/tab-set.ts";
import type { ComponentContext } from "../components/types.ts";
import { ENGLISH, type MessageKey } from "../messages/index.ts";
import { exampleFromSchema, formatExample } from "../openapi/example-values.ts";
import { schemaMarkdown } from "../openapi/operation-markdown.ts";
import { exampleColumn } from "../openapi/render-operation.ts";
import { schemaFields } from "../openapi/schema-view.ts";
import type { SchemaDirection } from "../openapi/types.ts";
import type { ApiSettings } from "../site/types.ts";
import type { ChannelDoc, ChannelOperation, MessageDoc } from "./types.ts";

/** The catalogue's key of each action's title. */
const ACTION_TITLES = {
  send: "send",
  receive: "receive",
} as const satisfies Record<ChannelOperation["action"], MessageKey>;

/** What the application sends is written by the reader (a request); what it receives, read (a response). */
const ACTION_DIRECTIONS: Record<ChannelOperation["action"], SchemaDirection> = {
  send: "request",
  receive: "response",
};

/**
 * The reference of one AsyncAPI channel, laid out as the OpenAPI pages are: the address with
 * its protocol and servers right under the title, the description, message examples in the
 * side column (beside the content from desktop width), then the channel's parameters and,
 * for each operation (send, receive), its messages with their payload and headers as fields.
 */
export function renderChannel(
  channel: ChannelDoc,
  context: ComponentContext,
  settings: ApiSettings,
): { nodes: ElementContent[]; markdown: string } {
  const nodes: ElementContent[] = [addressBar(channel, context.messages.servers)];
  if (channel.description)
    nodes.push(
      h(
        "div",
        { className: ["api-description"] },
        context.markdown(channel.description),
      ) as Element,
    );
  const examples = examplesColumn(channel, context);
  if (examples) nodes.push(examples);
  if (channel.parameters.length > 0)
    nodes.push(
      section(
        context.messages.parameters,
        channel.parameters.map((parameter) =>
          field(
            {
              name: parameter.name,
              location: "address",
              type: "string",
              required: true,
              deprecated: false,
              ...(parameter.default !== undefined ? { defaultValue: parameter.default } : {}),
              id: context.uniqueId(`parameter-${slug(parameter.name) || "parameter"}`),
            },
            [
              ...(parameter.description ? context.markdown(parameter.description) : []),
              ...valueList(`${context.messages.availableOptions} `, parameter.enum),
              ...valueList(`${context.messages.examplesLabel} `, parameter.examples),
            ],
            context.messages,
          ),
        ),
        context,
      ),
    );
  for (const operation of channel.operations)
    nodes.push(operationSection(operation, context, settings));
  if (channel.otherMessages.length > 0)
    nodes.push(
      section(
        context.messages.messages,
        channel.otherMessages.map((message) =>
          messageView(message, "response", `message-${slug(message.id)}`, context, settings),
        ),
        context,
      ),
    );
  return {
    nodes: [h("div", { className: ["api-reference", "channel-reference"] }, nodes) as Element],
    markdown: channelMarkdown(channel),
  };
}

/** The protocol badge and the address, then every server's full URL. */
function addressBar(channel: ChannelDoc, serversLabel: string): Element {
  const protocol = channel.servers[0]?.protocol ?? "ws";
  const bar = h("div", { className: ["api-endpoint"] }, [
    h("span", { className: ["api-method", "api-method-ws"] }, protocol.toUpperCase()),
    h("code", { className: ["api-path"] }, channel.address ?? channel.id),
  ]) as Element;
  return h("div", { className: ["api-endpoint-wrap"], [PAGE_LEAD_PROPERTY]: "" }, [
    bar,
    ...(channel.servers.length > 0
      ? [
          h(
            "ul",
            { className: ["api-servers"], ariaLabel: serversLabel },
            channel.servers.map((server) =>
              h("li", [
                h("code", server.url),
                ` ${server.id}`,
                ...(server.description ? [` · ${server.description}`] : []),
              ]),
            ),
          ),
        ]
      : []),
  ]) as Element;
}

function valueList(label: string, values: string[] | undefined): ElementContent[] {
  if (!values || values.length === 0) return [];
  return [
    h("p", { className: ["field-enum"] }, [
      label,
      ...values.flatMap((value, index) => [...(index > 0 ? [", "] : []), h("code", value)]),
    ]) as Element,
  ];
}

function operationSection(
  operation: ChannelOperation,
  context: ComponentContext,
  settings: ApiSettings,
): Element {
  const title = operation.title ?? context.messages[ACTION_TITLES[operation.action]];
  const children: ElementContent[] = [
    h("p", { className: ["channel-action"] }, [
      h(
        "span",
        { className: ["channel-action-badge"] },
        context.messages[ACTION_TITLES[operation.action]],
      ),
      " ",
      h("code", operation.id),
    ]) as Element,
  ];
  if (operation.summary) children.push(h("p", operation.summary) as Element);
  if (operation.description) children.push(...context.markdown(operation.description));
  const direction = ACTION_DIRECTIONS[operation.action];
  for (const message of operation.messages)
    children.push(
      messageView(
        message,
        direction,
        `${slug(operation.id) || operation.action}-${slug(message.id)}`,
        context,
        settings,
      ),
    );
  return section(title, children, context);
}

/** One message: its name and title, summary, description, content type, payload and headers as fields. */
function messageView(
  message: MessageDoc,
  direction: SchemaDirection,
  idPrefix: string,
  context: ComponentContext,
  settings: ApiSettings,
): Element {
  const heading = message.title ?? message.name ?? message.id;
  const children: ElementContent[] = [
    h("h3", { id: context.uniqueId(idPrefix) }, [
      heading,
      ...(message.name && message.name !== heading
        ? [" ", h("code", { className: ["channel-message-name"] }, message.name)]
        : []),
    ]) as Element,
  ];
  if (message.summary) children.push(h("p", message.summary) as Element);
  if (message.description) children.push(...context.markdown(message.description));
  if (message.contentType)
    children.push(
      h("p", { className: ["api-media-types"] }, [h("code", message.contentType)]) as Element,
    );
  const schemaOptions = {
    direction,
    context,
    expanded: settings.paramsExpanded,
    postKeys: settings.paramsPost,
  };
  if (message.payload) {
    children.push(h("p", { className: ["api-subtitle"] }, context.messages.payload) as Element);
    const fields = schemaFields(message.payload, {
      ...schemaOptions,
      idPrefix: `${idPrefix}-payload`,
    });
    children.push(
      ...(fields.length > 0
        ? fields
        : [
            h("p", { className: ["field-note"] }, [
              h("code", typeLabelOf(message.payload)),
            ]) as Element,
          ]),
    );
  }
  if (message.headers) {
    children.push(h("p", { className: ["api-subtitle"] }, context.messages.headers) as Element);
    children.push(
      ...schemaFields(message.headers, { ...schemaOptions, idPrefix: `${idPrefix}-headers` }),
    );
  }
  return h("div", { className: ["channel-message"] }, children) as Element;
}

function typeLabelOf(schema: Record<string, unknown>): string {
  return typeof schema.type === "string" ? schema.type : "any";
}

/**
 * The side column: an example of every message, by operation, from the message's own
 * examples or, when it has none, built from its payload schema.
 */
function examplesColumn(channel: ChannelDoc, context: ComponentContext): Element | undefined {
  const groups = [
    ...channel.operations.map((operation) => ({
      title: context.messages[ACTION_TITLES[operation.action]],
      direction: ACTION_DIRECTIONS[operation.action],
      messages: operation.messages,
    })),
    ...(channel.otherMessages.length > 0
      ? [
          {
            title: context.messages.messages,
            direction: "response" as const,
            messages: channel.otherMessages,
          },
        ]
      : []),
  ];
  const parts: ElementContent[] = [];
  for (const group of groups) {
    const items = group.messages.flatMap((message) =>
      messageExamples(message, group.direction).map((example) => {
        const label = example.name
          ? `${messageLabel(message)} · ${example.name}`
          : messageLabel(message);
        return {
          title: label,
          content: [
            renderCodeBlock(
              {
                code: example.code,
                lang: example.json ? "json" : "text",
                meta: `title="${label.replace(/"/g, "'")}"`,
              },
              context,
            ),
          ],
        };
      }),
    );
    if (items.length === 0) continue;
    parts.push(
      h("div", { className: ["api-examples", "message-example"] }, [
        h("p", { className: ["api-examples-title"] }, group.title),
        tabSet(items, context, { className: "code-group", dropdown: items.length > 2 }),
      ]) as Element,
    );
  }
  return exampleColumn(parts);
}

function messageLabel(message: MessageDoc): string {
  return message.title ?? message.name ?? message.id;
}

function messageExamples(
  message: MessageDoc,
  direction: SchemaDirection,
): { name?: string; code: string; json: boolean }[] {
  const json = !message.contentType || /json/i.test(message.contentType);
  const written = message.examples.filter((example) => example.payload !== undefined);
  if (written.length > 0)
    return written.map((example) => ({
      ...((example.name ?? example.summary) ? { name: example.name ?? example.summary } : {}),
      code: formatExample(example.payload, json ? "application/json" : message.contentType),
      json: json && typeof example.payload !== "string",
    }));
  if (!message.payload) return [];
  return [
    {
      code: formatExample(exampleFromSchema(message.payload, { direction }), "application/json"),
      json: true,
    },
  ];
}

/** The channel in Markdown, for the page's `.md` twin, llms-full.txt and agents. */
export function channelMarkdown(channel: ChannelDoc): string {
  const parts = [`\`${channel.address ?? channel.id}\``];
  if (channel.description) parts.push(channel.description.trim());
  if (channel.servers.length > 0)
    parts.push(
      `Servers:\n${channel.servers.map((server) => `- \`${server.url}\` (${server.id})`).join("\n")}`,
    );
  if (channel.parameters.length > 0)
    parts.push(
      `## Parameters\n\n${channel.parameters.map((parameter) => `- \`${parameter.name}\`${parameter.description ? `: ${parameter.description.trim().replace(/\s*\n\s*/g, " ")}` : ""}`).join("\n")}`,
    );
  const messages = (title: string, list: MessageDoc[], direction: SchemaDirection): string[] =>
    list.map((message) => {
      const lines = [`### ${title}: ${messageLabel(message)}`];
      if (message.summary) lines.push(message.summary);
      if (message.payload) {
        const fields = schemaMarkdown(message.payload, direction);
        if (fields) lines.push(`Payload:\n\n${fields}`);
      }
      const example = messageExamples(message, direction)[0];
      if (example) lines.push(`\`\`\`${example.json ? "json" : ""}\n${example.code}\n\`\`\``);
      return lines.join("\n\n");
    });
  for (const operation of channel.operations)
    parts.push(
      `## ${ENGLISH[ACTION_TITLES[operation.action]]} (\`${operation.id}\`)`,
      ...messages(
        ENGLISH[ACTION_TITLES[operation.action]],
        operation.messages,
        ACTION_DIRECTIONS[operation.action],
      ),
    );
  if (channel.otherMessages.length > 0)
    parts.push("## Messages", ...messages("Message", channel.otherMessages, "response"));
  return parts.join("\n\n");
}

function section(title: string, children: ElementContent[], context: ComponentContext): Element {
  return h("section", { className: ["api-section"] }, [
    h("h2", { id: context.uniqueId(slug(title) || "section") }, title),
    ...children,
  ]) as Element;
}
