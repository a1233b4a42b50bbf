import type { Element } from "hast";
import { h } from "hastscript";
import { fillMessage } from "../messages/index.ts";
import { safeUrl } from "../safety/url-policy.ts";
import { textOf } from "./element-text.ts";
import { text } from "./props.ts";
import type { Component } from "./types.ts";

/** Cursor's link that opens a new chat holding a prompt: a local app, not another host. */
const CURSOR_PROMPT_LINK = "cursor://anysphere.cursor-deeplink/prompt?text=";

/**
 * A ready-made prompt for an AI tool; its description may hold Markdown. `actions` chooses its
 * buttons: `copy` (the default) copies it, `cursor` opens it in Cursor.
 */
export const Prompt: Component = ({ props, children, context }) => {
  const description = text(props, "description");
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 16, iconType: text(props, "iconType") })
    : undefined;
  const id = context.uniqueId("prompt");
  const actions = Array.isArray(props.actions) ? props.actions.map(String) : ["copy"];
  const promptText = children
    .map((child) => textOf(child))
    .join("")
    .trim();
  const cursor = actions.includes("cursor")
    ? safeUrl(`${CURSOR_PROMPT_LINK}${encodeURIComponent(promptText)}`)
    : undefined;
  return h("div", { className: ["prompt"] }, [
    h("div", { className: ["prompt-header"] }, [
      h("span", { className: ["prompt-title"] }, [
        ...(icon ? [icon] : []),
        ...(description
          ? context.markdown(description)
          : [{ type: "text" as const, value: context.messages.prompt }]),
      ]),
      h("span", { className: ["prompt-actions"] }, [
        ...(cursor
          ? [
              h(
                "a",
                {
                  className: ["prompt-cursor"],
                  href: cursor,
                  ariaLabel: fillMessage(context.messages.openPromptInTool, { tool: "Cursor" }),
                },
                fillMessage(context.messages.openInTool, { tool: "Cursor" }),
              ),
            ]
          : []),
        ...(actions.includes("copy") || !cursor
          ? [
              h(
                "button",
                {
                  type: "button",
                  className: ["copy-code"],
                  dataCopyTarget: id,
                  ariaLabel: context.messages.copyPrompt,
                },
                context.messages.copy,
              ),
            ]
          : []),
      ]),
    ]),
    h("div", { className: ["prompt-body"], id }, children),
  ]) as Element;
};
