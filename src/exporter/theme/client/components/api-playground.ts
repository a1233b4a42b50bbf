import type { PlaygroundData } from "../../../openapi/types.ts";
import { resultView, showOutcome, showProblem } from "../api-playground/answer.ts";
import { authFields } from "../api-playground/auth-fields.ts";
import { CLASS_PREFIX, type Elements, playgroundElements } from "../api-playground/elements.ts";
import { bodyField, parameterFields, serverFields } from "../api-playground/form-fields.ts";
import { buildRequest, type PlaygroundForm } from "../api-playground/request.ts";
import { sendRequest } from "../api-playground/send.ts";
import { chooseTransport } from "../api-playground/transport.ts";
import { addMessages, message } from "../messages.ts";

/**
 * The "Try it" playground of API reference pages: builds a form from the operation's
 * PlaygroundData (embedded as JSON in `[data-api-playground]`), sends the request with fetch
 * when the reader presses Send (never before), and shows the answer.
 * Credentials stay in sessionStorage, so they last until the tab closes.
 */
export function setup(root: Document): void {
  const dom = playgroundElements(root);
  for (const section of root.querySelectorAll<HTMLElement>("[data-api-playground]")) {
    try {
      addMessages(section.dataset.messages);
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
 * One playground: a "Try it" button in the page's endpoint bar (or in the section, where the
 * page has none) opens a dialog with the form and the result. Send builds the request from the
 * form, sends it (through the serving host's proxy when the site asks for it and the host has
 * one) and shows how it ended.
 */
function mount(dom: Elements, section: HTMLElement, data: PlaygroundData): void {
  const panel = dom.el("div", "panel");
  playgroundDialog(dom, section, data, panel);
  const send = dom.button("send", message("send"), "submit");
  const cancel = dom.button("cancel", message("cancel"));
  const fields: PlaygroundForm = {
    server: serverFields(dom, data),
    auth: authFields(dom, data),
    parameters: parameterFields(dom, data),
    body: bodyField(dom, data, () => send.click()),
  };
  const form = formOf(dom, fields, send, cancel);
  const result = resultView(dom);
  panel.append(form, result.element);

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
    result.say(message("sending", { request: `${data.method} ${request.url.href}` }));
    try {
      showOutcome(
        dom,
        result,
        data.method,
        request.url,
        await sendRequest(data.method, request, controller, await chooseTransport(data)),
      );
    } finally {
      controller = undefined;
      send.disabled = false;
      cancel.hidden = true;
    }
  };
}

/**
 * The dialog the playground lives in, titled with the method and path, and the "Try it" button
 * that opens it: in the endpoint bar of the page, as on Mintlify, else in the section itself.
 * Escape, the close button and a click beside the dialog close it.
 */
function playgroundDialog(
  dom: Elements,
  section: HTMLElement,
  data: PlaygroundData,
  panel: HTMLElement,
): void {
  const dialog = dom.el("dialog", "dialog");
  const title = dom.el("h2", "title");
  title.id = dom.newId();
  const method = dom.el("span", "", data.method);
  method.className = `api-method api-method-${data.method.toLowerCase()}`;
  title.append(method, dom.el("code", "path", data.path));
  const close = dom.button("close", message("close"));
  const header = dom.el("div", "dialog-header");
  header.append(title, close);
  dialog.setAttribute("aria-labelledby", title.id);
  dialog.append(header, panel);
  section.append(dialog);

  const open = dom.button("try-it", message("tryIt"));
  open.setAttribute("aria-haspopup", "dialog");
  open.setAttribute("aria-expanded", "false");
  const barId = section.dataset.endpointBar;
  const bar = barId ? section.ownerDocument.getElementById(barId) : null;
  (bar ?? section).append(open);
  open.onclick = () => {
    dialog.showModal();
    open.setAttribute("aria-expanded", "true");
  };
  close.onclick = () => dialog.close();
  dialog.addEventListener("close", () => {
    open.setAttribute("aria-expanded", "false");
    open.focus();
  });
  // A click on the backdrop lands on the dialog element itself, outside its content box.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
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
    form.append(dom.el("p", "note", message("cookiesNotSent", { names: notes.join(", ") })));
  if (fields.body.group) form.append(fields.body.group);
  cancel.hidden = true;
  const actions = dom.el("div", "actions");
  actions.append(send, cancel);
  form.append(actions);
  // A control marked invalid is fixed once the reader changes it.
  form.oninput = (event) => (event.target as HTMLElement).removeAttribute("aria-invalid");
  return form;
}
