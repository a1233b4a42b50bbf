import type { Element, ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { renderCodeBlock } from "../code/render-code-block.ts";
import { EXAMPLE_LANGUAGE_CHOICE } from "../components/code-group.ts";
import { field } from "../components/fields.ts";
import { slug } from "../components/props.ts";
import { PAGE_LEAD_PROPERTY, SIDE_COLUMN_PROPERTY } from "../components/side-column.ts";
import { tabSet } from "../components/tab-set.ts";
import type { ComponentContext } from "../components/types.ts";
import {
  fillMessage,
  type MessageKey,
  type Messages,
  playgroundMessagesJson,
} from "../messages/index.ts";
import type { ApiSettings } from "../site/types.ts";
import { generateCodeSamples, renderXCodeSamples } from "./code-samples/index.ts";
import { formatExample } from "./example-values.ts";
import type { ApiOperation } from "./operations.ts";
import {
  isJson,
  type OperationModel,
  type Parameter,
  playgroundData,
  type SecurityScheme,
  sampleRequest,
} from "./request-model.ts";
import { pillValues, schemaFields, typeLabel } from "./schema-view.ts";
import type { CodeSample, PlaygroundData } from "./types.ts";

export type PlaygroundMode = "interactive" | "simple" | "none";

export interface OperationViewInput {
  operation: ApiOperation;
  model: OperationModel;
  context: ComponentContext;
  settings: ApiSettings;
  playground: PlaygroundMode;
  /** The page header already shows this text (the description's first paragraph); not repeated. */
  shownDescription?: string;
}

/** The catalogue's key of each parameter location's heading. */
const LOCATION_TITLES = {
  path: "pathParameters",
  query: "queryParameters",
  header: "headers",
  cookie: "cookies",
} as const satisfies Record<Parameter["in"], MessageKey>;

/**
 * The API reference of one operation, as page content: the method and URL, the playground,
 * the description, request and response examples, then authorization, parameters by
 * location, the request body and every response, each with its schema.
 */
export function renderOperation(input: OperationViewInput): {
  nodes: ElementContent[];
  samples: CodeSample[];
} {
  const { operation, model, context, settings } = input;
  const barId = context.uniqueId("api-endpoint");
  const nodes: ElementContent[] = [
    endpointBar(operation, model, settings, barId, context.messages),
  ];
  if (operation.deprecated)
    nodes.push(
      h("div", { className: ["callout", "callout-warning", "api-deprecated"], role: "note" }, [
        h("p", context.messages.endpointDeprecated),
      ]) as Element,
    );
  const description = remainingDescription(operation.operation.description, input.shownDescription);
  if (description)
    nodes.push(
      h("div", { className: ["api-description"] }, context.markdown(description)) as Element,
    );
  if (input.playground === "interactive" && operation.kind === "operation")
    nodes.push(operationPlayground(operation, model, settings, barId, context.messages));
  const samples = codeSamples(operation, model, settings);
  const examples = examplesAside(samples, model, context);
  if (examples) nodes.push(examples);
  nodes.push(...authorizationSection(model.security, context));
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const parameters = model.parameters.filter((parameter) => parameter.in === location);
    if (parameters.length > 0)
      nodes.push(
        section(
          context.messages[LOCATION_TITLES[location]],
          parameters.map((parameter) => parameterField(parameter, settings, context)),
        ),
      );
  }
  if (model.body)
    nodes.push(...bodySection(model.body, settings, context, operation.kind === "webhook"));
  if (model.responses.length > 0)
    nodes.push(...responsesSection(model.responses, settings, context));
  return {
    nodes: [
      h(
        "div",
        {
          className: ["api-reference"],
          dataMethod: operation.kind === "webhook" ? "webhook" : operation.method,
        },
        nodes,
      ) as Element,
    ],
    samples,
  };
}

/** The method and URL, right under the page title (the playground adds "Try it" to it). */
function endpointBar(
  operation: ApiOperation,
  model: OperationModel,
  settings: ApiSettings,
  id: string,
  messages: Messages,
): Element {
  const method = operation.kind === "webhook" ? "webhook" : operation.method;
  const base =
    operation.kind === "operation" && (settings.fullUrl || model.servers.length === 1)
      ? (model.servers[0]?.url ?? "")
      : "";
  const children: ElementContent[] = [
    h(
      "span",
      { className: ["api-method", `api-method-${method}`] },
      method.toUpperCase(),
    ) as Element,
    h("code", { className: ["api-path"] }, [
      ...(base ? [h("span", { className: ["api-base"] }, base) as Element] : []),
      operation.path,
    ]) as Element,
  ];
  const lead = { [PAGE_LEAD_PROPERTY]: "" };
  const single = operation.kind !== "operation" || model.servers.length <= 1;
  const bar = h(
    "div",
    { className: ["api-endpoint"], id, ...(single ? lead : {}) },
    children,
  ) as Element;
  if (!single) {
    return h("div", { className: ["api-endpoint-wrap"], ...lead }, [
      bar,
      h(
        "ul",
        { className: ["api-servers"], ariaLabel: messages.servers },
        model.servers.map((server) =>
          h("li", [
            h("code", server.url),
            ...(server.description ? [` ${server.description}`] : []),
          ]),
        ),
      ),
    ]) as Element;
  }
  return bar;
}

/** The operation's description without the first paragraph when the page header already shows it. */
function remainingDescription(value: unknown, shown: string | undefined): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  if (!shown) return value;
  const paragraphs = value.trim().split(/\n\s*\n/);
  if (paragraphs[0]?.replace(/\s+/g, " ").trim() !== shown) return value;
  const rest = paragraphs.slice(1).join("\n\n").trim();
  return rest || undefined;
}

/** The playground of an operation, from its model and the site's settings. */
function operationPlayground(
  operation: ApiOperation,
  model: OperationModel,
  settings: ApiSettings,
  endpointBarId: string,
  messages: Messages,
): Element {
  return playgroundSection(
    playgroundData(operation, model, {
      prefill: settings.examples.prefill,
      fallbackServers: settings.servers,
      messages,
    }),
    settings,
    endpointBarId,
    messages,
  );
}

/**
 * The playground's mount point: its data as JSON (HTML-safe), with how Send reaches the API
 * (docs.json `api.playground.proxy` and `credentials`), and a note where scripts do not run.
 * The client script opens it as a dialog from a "Try it" button in the endpoint bar; `messages`
 * are the page's strings, for that button and the note.
 */
export function playgroundSection(
  data: PlaygroundData,
  settings: ApiSettings,
  endpointBarId: string,
  messages: Messages,
): Element {
  const transport = {
    proxy: settings.playgroundProxy,
    credentials: settings.playgroundCredentials,
  };
  const json = JSON.stringify({ ...data, transport })
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
  return h(
    "section",
    {
      className: ["api-playground"],
      dataApiPlayground: "",
      dataEndpointBar: endpointBarId,
      ariaLabel: messages.tryIt,
      dataMessages: playgroundMessagesJson(messages),
    },
    [
      {
        type: "raw",
        value: `<script type="application/json" class="api-playground-data">${json}</script>`,
      } as unknown as ElementContent,
      // Quire's own markup, kept as written: a page's sanitizing pass allows no <noscript>.
      {
        type: "raw",
        value: `<noscript><p>${toHtml({ type: "text", value: messages.playgroundNeedsJavaScript })}</p></noscript>`,
      } as unknown as ElementContent,
    ],
  ) as Element;
}

function codeSamples(
  operation: ApiOperation,
  model: OperationModel,
  settings: ApiSettings,
): CodeSample[] {
  const written = renderXCodeSamples(operation.operation);
  if (operation.kind === "webhook" || !settings.examples.autogenerate) return written;
  const request = sampleRequest(operation, model, {
    requiredOnly: settings.examples.defaults === "required",
    fallbackServer: settings.servers[0],
  });
  return [...written, ...generateCodeSamples(request, settings.examples.languages).samples];
}

/**
 * Request samples (a language selector that remembers the reader's choice across pages) and
 * response examples (tabs), in the page's side column: beside the content on wide screens.
 */
function examplesAside(
  samples: CodeSample[],
  model: OperationModel,
  context: ComponentContext,
): Element | undefined {
  const parts: ElementContent[] = [];
  if (samples.length > 0) {
    parts.push(
      h("div", { className: ["api-examples", "request-example"] }, [
        h("p", { className: ["api-examples-title"] }, context.messages.request),
        tabSet(
          samples.map((sample) => ({
            title: sample.label,
            content: [
              renderCodeBlock(
                {
                  code: sample.code,
                  lang: sample.language,
                  meta: `title="${sample.label.replace(/"/g, "'")}"`,
                },
                context,
              ),
            ],
          })),
          context,
          {
            className: "code-group",
            sync: true,
            dropdown: samples.length > 1,
            selectLabel: context.messages.language,
            remember: EXAMPLE_LANGUAGE_CHOICE,
          },
        ),
      ]) as Element,
    );
  }
  const responses = model.responses.flatMap((response) =>
    (response.media.find((media) => media.examples.length > 0)?.examples ?? []).map((example) => {
      const media = response.media.find((item) => item.examples.includes(example));
      const title = example.summary ?? example.name;
      const label =
        title && response.media[0]?.examples.length !== 1
          ? `${response.status} · ${title}`
          : response.status;
      return {
        title: label,
        content: [
          renderCodeBlock(
            {
              code: formatExample(example.value, media?.type),
              lang: media && isJson(media.type) ? "json" : "text",
              meta: `title="${label.replace(/"/g, "'")}"`,
            },
            context,
          ),
        ],
      };
    }),
  );
  if (responses.length > 0) {
    parts.push(
      h("div", { className: ["api-examples", "response-example"] }, [
        h("p", { className: ["api-examples-title"] }, context.messages.response),
        tabSet(responses, context, { className: "code-group" }),
      ]) as Element,
    );
  }
  return exampleColumn(parts);
}

/** The right-hand column of an API page (from desktop width), holding its example blocks; none without any. */
export function exampleColumn(parts: ElementContent[]): Element | undefined {
  return parts.length > 0
    ? (h(
        "div",
        { className: ["api-example-column"], [SIDE_COLUMN_PROPERTY]: "" },
        parts,
      ) as Element)
    : undefined;
}

function section(title: string, children: ElementContent[]): Element {
  return h("section", { className: ["api-section"] }, [
    h("h2", { id: slug(title) }, title),
    ...children,
  ]) as Element;
}

function authorizationSection(
  security: SecurityScheme[][],
  context: ComponentContext,
): ElementContent[] {
  const schemes = [...new Map(security.flat().map((scheme) => [scheme.id, scheme])).values()];
  if (schemes.length === 0) return [];
  const fields = schemes.map((scheme) => {
    const where = scheme.type === "apiKey" ? (scheme.in ?? "header") : "header";
    const name = scheme.type === "apiKey" ? (scheme.name ?? scheme.id) : "Authorization";
    const children: ElementContent[] = [
      h("p", authorizationHow(scheme, where, name, context.messages)) as Element,
    ];
    if (scheme.description) children.push(...context.markdown(scheme.description));
    return field(
      {
        name,
        location: where,
        type: "string",
        required:
          security.length === 1 ||
          security.every((alternative) => alternative.some((item) => item.id === scheme.id)),
        deprecated: false,
        id: context.uniqueId(`authorization-${slug(scheme.id)}`),
      },
      children,
      context.messages,
    );
  });
  const note =
    security.length > 1
      ? [h("p", { className: ["field-note"] }, context.messages.anyAuthorization) as Element]
      : [];
  return [section(context.messages.authorizations, [...note, ...fields])];
}

/** The sentence saying how a scheme's credential is sent, in the page's language. */
function authorizationHow(
  scheme: SecurityScheme,
  where: string,
  name: string,
  messages: Messages,
): string {
  if (scheme.type === "http" && scheme.scheme === "basic") return messages.basicAuthDescription;
  if (scheme.type === "apiKey")
    return fillMessage(
      where === "header"
        ? messages.apiKeyInHeader
        : where === "query"
          ? messages.apiKeyInQuery
          : messages.apiKeyInCookie,
      { name },
    );
  return scheme.bearerFormat
    ? fillMessage(messages.bearerFormatAuthDescription, { format: scheme.bearerFormat })
    : messages.bearerAuthDescription;
}

function parameterField(
  parameter: Parameter,
  settings: ApiSettings,
  context: ComponentContext,
): Element {
  const id = context.uniqueId(`${parameter.in}-${slug(parameter.name) || "parameter"}`);
  const children: ElementContent[] = [];
  if (parameter.description) children.push(...context.markdown(parameter.description));
  const schema = parameter.schema;
  const values = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values)
    children.push(
      h("p", { className: ["field-enum"] }, [
        `${context.messages.availableOptions} `,
        ...values.flatMap((value, index) => [
          ...(index > 0 ? [", "] : []),
          h("code", typeof value === "string" ? value : JSON.stringify(value)),
        ]),
      ]) as Element,
    );
  if (parameter.example !== undefined && !values)
    children.push(
      h("p", { className: ["field-example"] }, [
        `${context.messages.exampleLabel} `,
        h(
          "code",
          typeof parameter.example === "string"
            ? parameter.example
            : JSON.stringify(parameter.example),
        ),
      ]) as Element,
    );
  const nested =
    schema.properties ||
    (schema.items &&
      typeof schema.items === "object" &&
      (schema.items as Record<string, unknown>).properties)
      ? schemaFields(schema, {
          direction: "request",
          context,
          expanded: settings.paramsExpanded,
          idPrefix: id,
          postKeys: settings.paramsPost,
        })
      : [];
  if (nested.length > 0)
    children.push(
      h("details", { className: ["expandable"], open: settings.paramsExpanded }, [
        h("summary", { className: ["expandable-summary"] }, context.messages.showChildAttributes),
        h("div", { className: ["expandable-content"] }, nested),
      ]) as Element,
    );
  return field(
    {
      name: parameter.name,
      type: typeLabel(schema),
      required: parameter.required,
      deprecated: parameter.deprecated,
      post: settings.paramsPost.flatMap((key) => pillValues(schema[key], key)),
      defaultValue:
        schema.default === undefined
          ? undefined
          : typeof schema.default === "string"
            ? schema.default
            : JSON.stringify(schema.default),
      id,
    },
    children,
    context.messages,
  );
}

function bodySection(
  body: NonNullable<OperationModel["body"]>,
  settings: ApiSettings,
  context: ComponentContext,
  webhook: boolean,
): ElementContent[] {
  const media = body.media[0];
  if (!media) return [];
  const children: ElementContent[] = [
    h("p", { className: ["api-media-types"] }, [
      ...body.media.flatMap((item, index) => [...(index > 0 ? [" · "] : []), h("code", item.type)]),
      ...(body.required
        ? [" ", h("span", { className: ["field-required"] }, context.messages.fieldRequired)]
        : []),
    ]) as Element,
  ];
  if (body.description) children.push(...context.markdown(body.description));
  if (media.schema)
    children.push(
      ...schemaFields(media.schema, {
        direction: "request",
        context,
        expanded: settings.paramsExpanded,
        idPrefix: "body",
        postKeys: settings.paramsPost,
      }),
    );
  return [section(webhook ? context.messages.payload : context.messages.body, children)];
}

function responsesSection(
  responses: OperationModel["responses"],
  settings: ApiSettings,
  context: ComponentContext,
): ElementContent[] {
  const items = responses.map((response, index) => {
    const media = response.media[0];
    const inside: ElementContent[] = [];
    if (response.media.length > 0)
      inside.push(
        h(
          "p",
          { className: ["api-media-types"] },
          response.media.flatMap((item, position) => [
            ...(position > 0 ? [" · "] : []),
            h("code", item.type),
          ]),
        ) as Element,
      );
    if (media?.schema)
      inside.push(
        ...schemaFields(media.schema, {
          direction: "response",
          context,
          expanded: settings.paramsExpanded,
          idPrefix: `response-${slug(response.status)}`,
          postKeys: settings.paramsPost,
        }),
      );
    if (response.headers.length > 0) {
      inside.push(h("p", { className: ["api-subtitle"] }, context.messages.headers) as Element);
      for (const header of response.headers) {
        inside.push(
          field(
            {
              name: header.name,
              type: typeLabel(header.schema),
              required: header.required,
              deprecated: false,
              id: context.uniqueId(`response-${slug(response.status)}-header-${slug(header.name)}`),
            },
            header.description ? context.markdown(header.description) : [],
            context.messages,
          ),
        );
      }
    }
    if (inside.length === 0)
      inside.push(h("p", { className: ["field-note"] }, context.messages.noContent) as Element);
    const statusClass = /^[1-5]/.test(response.status)
      ? `api-status-${response.status[0]}xx`
      : "api-status-default";
    return h(
      "details",
      {
        className: ["api-response"],
        open: index === 0,
        id: context.uniqueId(`response-${slug(response.status)}`),
      },
      [
        h("summary", [
          h("span", { className: ["api-status", statusClass] }, response.status),
          ...(response.description
            ? [
                " ",
                h(
                  "span",
                  { className: ["api-response-description"] },
                  firstLine(response.description),
                ),
              ]
            : []),
        ]),
        h("div", { className: ["api-response-body"] }, inside),
      ],
    ) as Element;
  });
  return [section(context.messages.response, items)];
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.replace(/[*_`]/g, "") ?? "";
}
