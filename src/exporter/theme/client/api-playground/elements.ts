/** Class names all start with this (`api-playground-field`…). */
export const CLASS_PREFIX = "api-playground-";

/** Builds the playground's elements in one document, with ids unique in it. */
export interface Elements {
  /** An element, its class `api-playground-<name>` when named, with its text. */
  el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    name?: string,
    text?: string,
  ): HTMLElementTagNameMap[K];
  button(name: string, text: string, type?: "button" | "submit"): HTMLButtonElement;
  /** A text input with no autocompletion or spell checking (tokens and ids are typed here). */
  input(type?: string): HTMLInputElement;
  /** A labelled control, with an optional hint read out after the label. */
  field(
    label: string,
    control: HTMLElement,
    options?: { required?: boolean; hint?: string; code?: boolean },
  ): HTMLElement;
  group(legend: string, ...children: (Node | string)[]): HTMLFieldSetElement;
  /** An id no other element of the playgrounds in this document has. */
  newId(): string;
}

export function playgroundElements(doc: Document): Elements {
  let count = 0;
  const newId = (): string => `${CLASS_PREFIX}${++count}`;

  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    name?: string,
    text?: string,
  ): HTMLElementTagNameMap[K] {
    const element = doc.createElement(tag);
    if (name) element.className = CLASS_PREFIX + name;
    if (text) element.textContent = text;
    return element;
  }

  function button(
    name: string,
    text: string,
    type: "button" | "submit" = "button",
  ): HTMLButtonElement {
    const element = el("button", name, text);
    element.type = type;
    return element;
  }

  function input(type = "text"): HTMLInputElement {
    const element = el("input", "input");
    element.type = type;
    element.autocomplete = "off";
    element.spellcheck = false;
    return element;
  }

  function field(
    label: string,
    control: HTMLElement,
    options: { required?: boolean; hint?: string; code?: boolean } = {},
  ): HTMLElement {
    const wrap = el("div", "field");
    const caption = el("label", "label");
    control.id = newId();
    caption.htmlFor = control.id;
    caption.append(options.code ? el("code", "", label) : label);
    if (options.required) {
      const star = el("span", "required", "*");
      star.setAttribute("aria-hidden", "true");
      caption.append(star);
      control.setAttribute("aria-required", "true");
    }
    wrap.append(caption, control);
    if (options.hint) {
      const hint = el("p", "hint", options.hint);
      hint.id = `${control.id}h`;
      control.setAttribute("aria-describedby", hint.id);
      wrap.append(hint);
    }
    return wrap;
  }

  function group(legend: string, ...children: (Node | string)[]): HTMLFieldSetElement {
    const set = el("fieldset", "group");
    set.append(el("legend", "", legend), ...children);
    return set;
  }

  return { el, button, input, field, group, newId };
}
