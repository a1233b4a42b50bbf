/**
 * HTML built from template literals in which every interpolated value is escaped, unless it is
 * itself HTML made by `html` (or `raw`, for markup that is trusted by construction). Arrays
 * are joined; null, undefined and false render nothing.
 */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export type Renderable = Html | string | number | boolean | null | undefined | Renderable[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let text = strings[0] as string;
  for (let index = 0; index < values.length; index++)
    text += render(values[index] as Renderable) + (strings[index + 1] as string);
  return new Html(text);
}

/** Markup that is already safe (built by this module's callers from constants only). */
export function raw(text: string): Html {
  return new Html(text);
}
