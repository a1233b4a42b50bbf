/**
 * Hostile page content, written as an attacker would: each payload tries to run script in a
 * reader's browser (it sets `window.__pwned`, or calls `alert`). Shared by the render tests and
 * the Chromium test, which clicks everything on the exported pages.
 */
export interface Payload {
  name: string;
  /** The page's file name: `.mdx` (MDX with JSX) or `.md` (Markdown with raw HTML). */
  file: string;
  source: string;
}

const RUN = "window.__pwned=1;alert(1)";

export const PAYLOADS: Payload[] = [
  {
    name: "iframe srcdoc",
    file: "srcdoc.mdx",
    source: `<iframe srcdoc="<script>parent.${RUN}</script>" />`,
  },
  {
    name: "iframe SRCDOC",
    file: "srcdoc-upper.mdx",
    source: `<iframe SRCDOC="<script>parent.${RUN}</script>" />`,
  },
  {
    name: "srcdoc inside svg foreignObject",
    file: "foreign-object.mdx",
    source: `<svg><foreignObject><iframe srcdoc="<script>parent.${RUN}</script>" /></foreignObject></svg>`,
  },
  { name: "a HREF", file: "href-upper.mdx", source: `<a HREF="javascript:${RUN}">upper</a>` },
  { name: "a Href", file: "href-mixed.mdx", source: `<a Href="javascript:${RUN}">mixed</a>` },
  {
    name: "href overridden by a later HREF",
    file: "href-twice.mdx",
    source: `<a href="https://example.com" HREF="javascript:${RUN}">twice</a>`,
  },
  {
    name: "svg xlink:href",
    file: "xlink.mdx",
    source: `<svg width="100" height="40"><a xlink:href="javascript:${RUN}"><text x="5" y="20">xlink</text></a></svg>`,
  },
  {
    name: "formaction",
    file: "formaction.mdx",
    source: `<form><button formAction="javascript:${RUN}">formaction</button></form>`,
  },
  {
    name: "form ACTION",
    file: "form-action.mdx",
    source: `<form ACTION="javascript:${RUN}"><button>submit</button></form>`,
  },
  {
    name: "svg animate of href",
    file: "animate.mdx",
    source: `<svg width="100" height="40"><a><animate attributeName="href" values="javascript:${RUN}" /><text x="5" y="20">animate</text></a></svg>`,
  },
  {
    name: "svg set of href",
    file: "set.mdx",
    source: `<svg width="100" height="40"><a><set attributeName="href" to="javascript:${RUN}" /><text x="5" y="20">set</text></a></svg>`,
  },
  {
    name: "Card href",
    file: "card.mdx",
    source: `<Card title="card" href="javascript:${RUN}">card</Card>`,
  },
  {
    name: "Card href in disguise",
    file: "card-disguised.mdx",
    source: `<Card title="disguised" href="  JAVASCRIPT:${RUN}">card</Card>`,
  },
  {
    name: "Tile href",
    file: "tile.mdx",
    source: `<Tile title="tile" href="java\tscript:${RUN}">tile</Tile>`,
  },
  {
    name: "Tooltip cta href",
    file: "tooltip.mdx",
    source: `Hover <Tooltip tip="tip" cta="go" href="javascript:${RUN}">term</Tooltip>.`,
  },
  {
    name: "entity-encoded scheme",
    file: "entity.mdx",
    source: `<a href="javascript&colon;${RUN}">entity</a>`,
  },
  {
    name: "numeric entity",
    file: "numeric.mdx",
    source: `<a href="&#106;avascript:${RUN}">numeric</a>`,
  },
  {
    name: "tab inside scheme",
    file: "tab.mdx",
    source: `<a href="java&#x09;script:${RUN}">tab</a>`,
  },
  {
    name: "event handler",
    file: "onerror.mdx",
    source: `<img src="missing.png" onError="${RUN}" />`,
  },
  {
    name: "style ending itself",
    file: "style.mdx",
    source: `<style>{"</style><img src=x onerror='${RUN}'>"}</style>`,
  },
  {
    name: "svg style with markup",
    file: "svg-style.mdx",
    source: `<svg><style>{"<img src=x onerror='${RUN}'>"}</style></svg>`,
  },
  {
    name: "noscript attribute breakout",
    file: "noscript.mdx",
    source: `<noscript><p title="</noscript><img src=x onerror='${RUN}'>">x</p></noscript>`,
  },
  {
    name: "data: URL link",
    file: "data-link.mdx",
    source: `<a href="data:text/html,<script>alert(1)</script>">data</a>`,
  },
  {
    name: "srcset",
    file: "srcset.mdx",
    source: `<img srcSet="javascript:${RUN} 1x" alt="srcset" />`,
  },
  {
    name: "video poster and source",
    file: "video.mdx",
    source: `<video poster="javascript:${RUN}"><source src="javascript:${RUN}" /></video>`,
  },
  {
    name: "object and embed",
    file: "object.mdx",
    source: `<object data="javascript:${RUN}" /><embed src="javascript:${RUN}" />`,
  },
  {
    name: "meta refresh and base",
    file: "meta.mdx",
    source: `<meta httpEquiv="refresh" content="0;url=javascript:${RUN}" /><base href="javascript:${RUN}//" />`,
  },
  {
    name: "details ontoggle",
    file: "details.mdx",
    source: `<details open onToggle="${RUN}"><summary>s</summary>d</details>`,
  },
  {
    name: "svg use of a data document",
    file: "use.mdx",
    source: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${RUN}'/></svg>#x" /></svg>`,
  },
  {
    name: "markdown link",
    file: "md-link.mdx",
    source: `[inline](javascript:${RUN.replace(/[()]/g, "")})`,
  },
  {
    name: "markdown link in angle brackets",
    file: "md-angle.mdx",
    source: `[angle](<javascript:${RUN}>)`,
  },
  {
    name: "reference-style link",
    file: "md-reference.mdx",
    source: `[reference][evil]\n\n[evil]: javascript:${RUN.replace(/[()]/g, "")}`,
  },
  {
    name: "markdown image",
    file: "md-image.mdx",
    source: `![image](javascript:${RUN.replace(/[()]/g, "")})`,
  },
  {
    name: "mutation XSS through MathML",
    file: "mxss.md",
    source: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>`,
  },
  {
    name: "namespace confusion in svg",
    file: "svg-confusion.md",
    source: `<svg><p><style><img src=x onerror=${RUN}></style></p></svg>`,
  },
  { name: "raw img onerror", file: "raw-img.md", source: `<img src=x onerror=${RUN}>` },
  {
    name: "raw javascript link",
    file: "raw-link.md",
    source: `<a href="JaVaScRiPt:${RUN}">raw</a>`,
  },
  {
    name: "raw iframe javascript src",
    file: "raw-iframe.md",
    source: `<iframe src="javascript:${RUN}"></iframe>`,
  },
  { name: "raw xmp", file: "raw-xmp.md", source: `<xmp><img src=x onerror=${RUN}></xmp>` },
  {
    name: "raw template",
    file: "raw-template.md",
    source: `<template><img src=x onerror=${RUN}></template>`,
  },
  { name: "raw script", file: "raw-script.md", source: `<script>${RUN}</script>` },
  {
    name: "raw svg set of an event attribute",
    file: "raw-set.md",
    source: `<svg><rect width="50" height="50"><set attributeName="onmouseover" to="${RUN}"/></rect></svg>`,
  },
  {
    name: "raw anchor in svg with xlink",
    file: "raw-svg-xlink.md",
    source: `<svg><a xlink:href="javascript:${RUN}"><text x="5" y="20">raw xlink</text></a></svg>`,
  },
  {
    name: "mermaid labels and click handlers",
    file: "mermaid.mdx",
    source: [
      "```mermaid",
      "graph TD",
      `  A["<img src=x onerror='${RUN}'>"] --> B["<a href='javascript:${RUN}'>b</a>"]`,
      `  click A "javascript:${RUN}"`,
      "  click B call alert(1)",
      "```",
    ].join("\n"),
  },
  {
    name: "math links",
    file: "math.mdx",
    source: `$\\href{javascript:${RUN}}{math link}$ and $\\url{javascript:${RUN}}$`,
  },
  {
    name: "code block title and language",
    file: "code-meta.mdx",
    source: [
      `\`\`\`js title="<img src=x onerror='${RUN}'>" {1}`,
      "const a = '</code><img src=x onerror=alert(1)>';",
      "```",
    ].join("\n"),
  },
];

/**
 * A page that uses what authors legitimately write, which must come through the sanitizer whole:
 * links, cards, icons, inline SVG (with its style and a gradient), a table, math, mermaid,
 * code, a video and an iframe embed.
 */
export const CONTROL_PAGE = `---
title: Control
---

A [relative link](/guides/start), an [external one](https://example.com), a [mail](mailto:team@example.com) and a [phone](tel:+15551234).

<Card title="Start here" icon="rocket" href="/guides/start">The card links to a page.</Card>

<CardGroup cols={2}>
  <Card title="External" icon="github" href="https://github.com/example">Out.</Card>
  <Card title="Plain" icon="book">No link.</Card>
</CardGroup>

<Icon icon="check" />

<svg width="120" height="40" viewBox="0 0 120 40" id="drawing">
  <defs><linearGradient id="fade"><stop offset="0" stopColor="#0a0" /><stop offset="1" stopColor="#00a" /></linearGradient></defs>
  <style>{".label { font: 12px sans-serif; }"}</style>
  <rect width="120" height="40" fill="url(#fade)" />
  <a href="https://example.com/svg"><text className="label" x="10" y="25">svg link</text></a>
</svg>

| Name | Value |
| --- | --- |
| a | 1 |

Inline math $E = mc^2$ here.

\`\`\`mermaid
graph TD; A-->B;
\`\`\`

\`\`\`js title="example.js"
const answer = 42;
\`\`\`

<iframe src="https://www.youtube.com/embed/example" title="video" width="320" height="180" />

<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" alt="pixel" />
`;
