import type { Element } from "hast";
import { h } from "hastscript";
import type { MessageKey } from "../messages/index.ts";
import { color, text } from "./props.ts";
import type { Component, ComponentInput } from "./types.ts";

/**
 * Callout kinds with their default icon and the catalogue's key of their label (the accessible
 * name, in the page's language); typed cards reuse the icons.
 */
export const KINDS = {
  note: { icon: "circle-info", label: "calloutNote" },
  tip: { icon: "lightbulb", label: "calloutTip" },
  info: { icon: "circle-info", label: "calloutInfo" },
  warning: { icon: "triangle-exclamation", label: "calloutWarning" },
  check: { icon: "circle-check", label: "calloutCheck" },
  danger: { icon: "circle-exclamation", label: "calloutDanger" },
} as const satisfies Record<string, { icon: string; label: MessageKey }>;

type Kind = keyof typeof KINDS;

function renderCallout(
  input: ComponentInput,
  kind: Kind | "custom",
  iconName: string | undefined,
  label: string,
  accent?: string,
): Element {
  const { children, context, props } = input;
  const icon = iconName
    ? context.icon(iconName, { size: 16, iconType: text(props, "iconType") })
    : undefined;
  const title = text(props, "title");
  return h(
    "div",
    {
      className: ["callout", `callout-${kind}`],
      role: "note",
      ariaLabel: title ?? label,
      style: accent ? `--callout-accent:${accent}` : undefined,
    },
    [
      h("span", { className: ["callout-icon"] }, icon ? [icon] : []),
      h("div", { className: ["callout-content"] }, [
        ...(title ? [h("p", { className: ["callout-title"] }, title)] : []),
        ...children,
      ]),
    ],
  ) as Element;
}

function callout(kind: Kind): Component {
  return (input) =>
    renderCallout(
      input,
      kind,
      text(input.props, "icon") ?? KINDS[kind].icon,
      input.context.messages[KINDS[kind].label],
    );
}

export const Note = callout("note");
export const Tip = callout("tip");
export const Info = callout("info");
export const Warning = callout("warning");
export const Check = callout("check");
export const Danger = callout("danger");

/** `<Callout icon="key" color="#FFC107">`: a callout with its own icon and colour. */
export const Callout: Component = (input) => {
  const kind = text(input.props, "type") as Kind | undefined;
  if (kind && kind in KINDS)
    return renderCallout(
      input,
      kind,
      text(input.props, "icon") ?? KINDS[kind].icon,
      input.context.messages[KINDS[kind].label],
    );
  return renderCallout(
    input,
    "custom",
    text(input.props, "icon"),
    input.context.messages.callout,
    color(input.props, "color"),
  );
};
