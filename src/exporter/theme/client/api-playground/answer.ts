import { message } from "../messages.ts";
import { CLASS_PREFIX, type Elements } from "./elements.ts";
import type { RequestProblem } from "./request.ts";
import { type Outcome, TIMEOUT_SECONDS } from "./send.ts";

/*
 * Showing the answer: a status line read out as it changes, then the response (its headers
 * and its body), or why there is none.
 */

/** Response bodies are shown up to this size. */
const SHOW_BYTES = 1 << 20;

/** The status line and, below it, the response. */
export interface ResultView {
  element: HTMLElement;
  /** Puts a message (or elements) in the status line, marked as an error or not. */
  say(text: string | Node[], error?: boolean): void;
  /** Replaces what is shown below the status line (nothing, for a request on its way). */
  show(...nodes: Node[]): void;
}

export function resultView(dom: Elements): ResultView {
  const status = dom.el("div", "status");
  status.setAttribute("aria-live", "polite");
  const response = dom.el("div", "response");
  const element = dom.el("div", "result");
  element.append(status, response);
  return {
    element,
    say(text, error) {
      status.replaceChildren(...(typeof text === "string" ? [text] : text));
      status.classList.toggle(`${CLASS_PREFIX}error`, Boolean(error));
    },
    show(...nodes) {
      response.replaceChildren(...nodes);
    },
  };
}

/** Says what keeps the request from being sent, and takes the reader to the control to fix. */
export function showProblem(view: ResultView, { problem, control, caret }: RequestProblem): void {
  view.show();
  view.say(problem, true);
  control?.setAttribute("aria-invalid", "true");
  control?.focus();
  if (caret !== undefined) (control as HTMLTextAreaElement).setSelectionRange(caret, caret);
}

/** Shows how a request sent to `url` ended. */
export function showOutcome(
  dom: Elements,
  view: ResultView,
  method: string,
  url: URL,
  outcome: Outcome,
): void {
  if (outcome.kind === "answer") showAnswer(dom, view, method, url, outcome);
  else if (outcome.kind === "timed out")
    view.say(message("noAnswerWithin", { seconds: TIMEOUT_SECONDS }), true);
  else if (outcome.kind === "cancelled") view.say(message("cancelled"), true);
  else if (outcome.kind === "unreachable") explainUnreachable(dom, view, url);
  else view.say(outcome.message, true);
}

/** The status and time in the status line; the headers the page may read, and the body, below. */
function showAnswer(
  dom: Elements,
  view: ResultView,
  method: string,
  url: URL,
  {
    answer,
    bytes,
    ms,
    viaProxy,
  }: { answer: Response; bytes: Uint8Array; ms: number; viaProxy: boolean },
): void {
  const code = dom.el("span", "", `${answer.status} ${answer.statusText}`.trim());
  code.className = `api-status api-status-${String(answer.status)[0]}xx`;
  view.say([code, dom.el("span", "time", `${ms} ms`)]);
  const headers = [...answer.headers];
  const details = dom.el("details", "headers");
  const list = dom.el("dl");
  for (const [name, value] of headers) list.append(dom.el("dt", "", name), dom.el("dd", "", value));
  details.append(
    dom.el("summary", "", message("responseHeaders", { count: headers.length })),
    list,
  );
  if (answer.type === "cors") details.append(dom.el("p", "hint", message("corsHeadersOnly")));
  const sent = dom.el("p", "url", `${method} ${url.href}`);
  if (viaProxy) sent.append(dom.el("span", "via", ` ${message("sentThroughProxy")}`));
  view.show(sent, details, bodyView(dom, answer, bytes));
}

/** The likely causes of a request that got no answer the page may read. */
function explainUnreachable(dom: Elements, view: ResultView, url: URL): void {
  const causes = dom.el("ul");
  for (const cause of ["causeCors", "causeUnreachable", "causeMixedContent"] as const)
    causes.append(dom.el("li", "", message(cause)));
  view.show();
  view.say(
    [
      dom.el("p", "", message("requestFailed", { url: url.href })),
      causes,
      dom.el("p", "", message("developerConsole")),
    ],
    true,
  );
}

/** The body as text (JSON indented), up to SHOW_BYTES; a binary body by its size and type. */
function bodyView(dom: Elements, answer: Response, bytes: Uint8Array): HTMLElement {
  const type = answer.headers.get("Content-Type") ?? "";
  const size = message("byteCount", { count: inPageLanguage(bytes.length) });
  if (bytes.length === 0) return dom.el("p", "hint", message("noBody"));
  const binary = dom.el(
    "p",
    "hint",
    type ? message("binaryBodyOfType", { size, type }) : message("binaryBody", { size }),
  );
  if (type && !/^text\/|json|xml|javascript|yaml|csv|urlencoded/i.test(type)) return binary;
  let text: string;
  try {
    // Without a type, text is told from binary by whether it decodes.
    text = new TextDecoder("utf-8", { fatal: !type }).decode(bytes.subarray(0, SHOW_BYTES), {
      stream: bytes.length > SHOW_BYTES,
    });
  } catch {
    return binary;
  }
  const wrap = dom.el("div");
  if (bytes.length > SHOW_BYTES)
    wrap.append(dom.el("p", "hint", message("showingFirstMegabyte", { size })));
  else if (/json/i.test(type))
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Shown as sent.
    }
  const pre = dom.el("pre", "response-body");
  pre.tabIndex = 0;
  pre.append(dom.el("code", "", text));
  wrap.append(pre);
  return wrap;
}

/** A number with the digit grouping of the page's language (`<html lang>`), English's by default. */
function inPageLanguage(count: number): string {
  try {
    return count.toLocaleString(document.documentElement.lang || "en");
  } catch {
    // A tag the browser does not know.
    return count.toLocaleString("en");
  }
}
