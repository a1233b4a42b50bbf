import { formatBytes } from "../../common/format-bytes.ts";
import { type Html, html, type Renderable } from "./html.ts";

/** The session's synchronizer token, in every form that changes something. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

/** Problems of a submitted form, by field name. */
export type FormErrors = Record<string, string>;

export interface FieldOptions {
  name: string;
  label: string;
  value?: string | null;
  type?: "text" | "email" | "password" | "url";
  hint?: Renderable;
  errors?: FormErrors;
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  /** Extra attributes, trusted markup (e.g. `spellcheck="false"`). */
  attributes?: Html;
}

function describedBy(name: string, hint: unknown, error: string | undefined): Html {
  const ids = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean);
  return ids.length ? html` aria-describedby="${ids.join(" ")}"` : html``;
}

function fieldNotes(name: string, hint: Renderable, error: string | undefined): Html {
  return html`${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ""}${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ""}`;
}

export function textField(options: FieldOptions): Html {
  const error = options.errors?.[options.name];
  const id = `field-${options.name}`;
  return html`<div class="field">
<label for="${id}">${options.label}${options.required ? "" : html` <span class="muted">(optional)</span>`}</label>
<input id="${id}" name="${options.name}" type="${options.type ?? "text"}"${options.value ? html` value="${options.value}"` : ""}${options.required ? html` required` : ""}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ""}${options.placeholder ? html` placeholder="${options.placeholder}"` : ""}${error ? html` aria-invalid="true"` : ""}${describedBy(options.name, options.hint, error)}${options.attributes ?? ""}>
${fieldNotes(options.name, options.hint, error)}
</div>`;
}

export function textArea(options: FieldOptions & { rows?: number; maxLength?: number }): Html {
  const error = options.errors?.[options.name];
  const id = `field-${options.name}`;
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<textarea id="${id}" name="${options.name}" rows="${options.rows ?? 5}"${options.required ? html` required` : ""}${options.maxLength ? html` maxlength="${options.maxLength}"` : ""}${error ? html` aria-invalid="true"` : ""}${describedBy(options.name, options.hint, error)}>${options.value ?? ""}</textarea>
${fieldNotes(options.name, options.hint, error)}
</div>`;
}

export function selectField(
  options: FieldOptions & { choices: readonly { value: string; label: string }[] },
): Html {
  const error = options.errors?.[options.name];
  const id = `field-${options.name}`;
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<select id="${id}" name="${options.name}"${error ? html` aria-invalid="true"` : ""}${describedBy(options.name, options.hint, error)}>
${options.choices.map(
  (choice) =>
    html`<option value="${choice.value}"${choice.value === (options.value ?? "") ? html` selected` : ""}>${choice.label}</option>`,
)}
</select>
${fieldNotes(options.name, options.hint, error)}
</div>`;
}

export function checkbox(options: {
  name: string;
  label: Renderable;
  checked: boolean;
  hint?: Renderable;
}): Html {
  const id = `field-${options.name}`;
  return html`<div class="check">
<input type="checkbox" id="${id}" name="${options.name}" value="1"${options.checked ? html` checked` : ""}${options.hint ? html` aria-describedby="${options.name}-hint"` : ""}>
<div><label for="${id}">${options.label}</label>${options.hint ? html`<p class="hint" id="${options.name}-hint">${options.hint}</p>` : ""}</div>
</div>`;
}

/** The problems of a form, listed first, each linking to its field. */
export function errorSummary(errors: FormErrors | undefined, labels: Record<string, string>): Html {
  if (!errors || Object.keys(errors).length === 0) return html``;
  return html`<div class="alert error" role="alert" tabindex="-1">
<h2>There is a problem</h2>
<ul>${Object.entries(errors).map(([name, message]) =>
    labels[name]
      ? html`<li><a href="#field-${name}">${labels[name]}: ${message}</a></li>`
      : html`<li>${message}</li>`,
  )}</ul>
</div>`;
}

export function alert(kind: "error" | "success" | "warning" | "info", content: Renderable): Html {
  const role = kind === "error" ? "alert" : "status";
  return html`<div class="alert ${kind}" role="${role}">${content}</div>`;
}

/** A read-only value with a copy button (the button appears with the script). */
export function copyValue(options: {
  id: string;
  label: string;
  value: string;
  hint?: Renderable;
  /** The copy button's accessible name (default: "Copy" and the label). */
  copyLabel?: string;
}): Html {
  return html`<div class="field">
<label for="${options.id}">${options.label}</label>
<div class="copy-row"><input id="${options.id}" class="mono" readonly value="${options.value}" spellcheck="false"${options.hint ? html` aria-describedby="${options.id}-hint"` : ""}>
<button type="button" class="secondary" data-copy="${options.id}" hidden aria-label="${options.copyLabel ?? `Copy ${options.label}`}">Copy</button></div>
${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ""}
</div>`;
}

/** An identifier in a table cell, with a copy button (the button appears with the script). */
export function copyCode(id: string, value: string, what: string): Html {
  return html`<span class="id-cell"><code id="${id}">${value}</code><button type="button" class="secondary small" data-copy="${id}" hidden aria-label="Copy ${what}">Copy</button></span>`;
}

export function statusBadge(status: string, label: string = status): Html {
  return html`<span class="badge ${status}">${label}</span>`;
}

/** A timestamp, readable, in UTC. */
export function time(iso: string | null | undefined, empty = "never"): Html {
  if (!iso) return html`<span class="muted">${empty}</span>`;
  const readable = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return html`<time datetime="${iso}">${readable}</time>`;
}

/** A size, and its exact byte count once it is rounded. */
export function bytes(count: number): string {
  const size = formatBytes(count);
  return count < 1024 ? size : `${size} (${count.toLocaleString("en-US")} bytes)`;
}

/**
 * A table whose first cell in each row names the row. On narrow screens each row becomes a
 * card with the column names beside the values; the explicit roles keep it a table for
 * screen readers when CSS changes its display.
 */
export function dataTable(options: {
  caption: string;
  columns: string[];
  rows: Renderable[][];
  empty: string;
}): Html {
  if (options.rows.length === 0) return html`<p class="empty panel">${options.empty}</p>`;
  return html`<div class="table-wrap">
<table role="table">
<caption class="visually-hidden">${options.caption}</caption>
<thead role="rowgroup"><tr role="row">${options.columns.map((column) => html`<th role="columnheader" scope="col">${column}</th>`)}</tr></thead>
<tbody role="rowgroup">${options.rows.map(
    (cells) =>
      html`<tr role="row">${cells.map((cell, index) =>
        index === 0
          ? html`<th role="rowheader" scope="row" data-label="${options.columns[index] ?? ""}"><div>${cell}</div></th>`
          : html`<td role="cell" data-label="${options.columns[index] ?? ""}"><div>${cell}</div></td>`,
      )}</tr>`,
  )}</tbody>
</table>
</div>`;
}

/** Links to the first page and the next one of a cursor-paged list. */
export function pagination(options: { first?: string; next?: string }): Html {
  if (!options.first && !options.next) return html``;
  return html`<nav class="pagination" aria-label="Pages">
${options.first ? html`<a class="button secondary" href="${options.first}">Newest</a>` : ""}
${options.next ? html`<a class="button secondary" href="${options.next}" rel="next">Older</a>` : ""}
</nav>`;
}
