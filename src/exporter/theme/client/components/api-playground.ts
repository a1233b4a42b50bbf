import type { PlaygroundData } from "../../../openapi/types.ts";
import { resultView, showOutcome, showProblem } from "../api-playground/answer.ts";
import { authFields } from "../api-playground/auth-fields.ts";
import { CLASS_PREFIX, type Elements, playgroundElements } from "../api-playground/elements.ts";
import { bodyField, parameterFields, serverFields } from "../api-playground/form-fields.ts";
import { buildRequest, type PlaygroundForm } from "../api-playground/request.ts";
import { sendRequest } from "../api-playground/send.ts";

/**
 * The "Try it" playground of API reference pages: builds a form from the operation's
 * PlaygroundData (embedded as JSON in `[data-api-playground]`), sends the request with fetch
 * from the reader's browser when they press Send (never before), and shows the answer.
 * Credentials stay in sessionStorage, so they last until the tab closes.
 */
export function setup(root: Document): void {
  const dom = playgroundElements(root);
  for (const section of root.querySelectorAll<HTMLElement>("[data-api-playground]")) {
    try {
      mount(
        dom,
        section,
        JSON.parse(section.querySelector(`.${CLASS_PREFIX}data`)?.textContent ?? ""),
      );
    } catch (error) {
      console.error("quire: playground", error);
    }
  }
}

/**
 * One playground in its section: a "Try it" toggle, then (once opened) the form and the result.
 * Send builds the request from the form, sends it and shows how it ended.
 */
function mount(dom: Elements, section: HTMLElement, data: PlaygroundData): void {
  const panel = dom.el("div", "panel");
  const title = titleWithToggle(dom, panel);
  const send = dom.button("send", "Send", "submit");
  const cancel = dom.button("cancel", "Cancel");
  const fields: PlaygroundForm = {
    server: serverFields(dom, data),
    auth: authFields(dom, data),
    parameters: parameterFields(dom, data),
    body: bodyField(dom, data, () => send.click()),
  };
  const form = formOf(dom, fields, send, cancel);
  const result = resultView(dom);
  panel.append(form, result.element);
  section.append(title, panel);

  let controller: AbortController | undefined;
  cancel.onclick = () => controller?.abort();
  form.onsubmit = async (event) => {
    event.preventDefault();
    if (controller) return;
    for (const control of form.querySelectorAll("[aria-invalid]"))
      control.removeAttribute("aria-invalid");
    const request = buildRequest(data, fields);
    if ("problem" in request) return showProblem(result, request);
    controller = new AbortController();
    send.disabled = true;
    cancel.hidden = false;
    result.show();
    result.say(`Sending ${data.method} ${request.url.href}…`);
    try {
      showOutcome(
        dom,
        result,
        data.method,
        request.url,
        await sendRequest(data.method, request, controller),
      );
    } finally {
      controller = undefined;
      send.disabled = false;
      cancel.hidden = true;
    }
  };
}

/** The playground's heading: a button that shows and hides the panel, which starts hidden. */
function titleWithToggle(dom: Elements, panel: HTMLElement): HTMLElement {
  const title = dom.el("h2", "title");
  const toggle = dom.button("toggle", "Try it");
  panel.id = dom.newId();
  panel.hidden = true;
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", panel.id);
  toggle.onclick = () => {
    panel.hidden = !panel.hidden;
    toggle.setAttribute("aria-expanded", String(!panel.hidden));
  };
  title.append(toggle);
  return title;
}

/** The form: its sections in reading order, a note on what cannot be sent, and the buttons. */
function formOf(
  dom: Elements,
  fields: PlaygroundForm,
  send: HTMLButtonElement,
  cancel: HTMLButtonElement,
): HTMLFormElement {
  const form = dom.el("form", "form");
  form.noValidate = true;
  form.append(fields.server.group);
  if (fields.auth.group) form.append(fields.auth.group);
  form.append(...fields.parameters.groups);
  const notes = [...fields.auth.notes, ...fields.parameters.notes];
  if (notes.length > 0)
    form.append(
      dom.el(
        "p",
        "note",
        `Not sent: ${notes.join(", ")}. A page can't set cookies for another site, so the playground can't send them.`,
      ),
    );
  if (fields.body.group) form.append(fields.body.group);
  cancel.hidden = true;
  const actions = dom.el("div", "actions");
  actions.append(send, cancel);
  form.append(actions);
  // A control marked invalid is fixed once the reader changes it.
  form.oninput = (event) => (event.target as HTMLElement).removeAttribute("aria-invalid");
  return form;
}
