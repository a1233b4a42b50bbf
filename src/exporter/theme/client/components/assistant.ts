/**
 * "Ask AI": a reader's question answered by the operator's model from the site's own pages
 * (the bundle's `--assistant`, `data-assistant` on <html>). The button appears only once the
 * endpoint says it answers, so a page read from disk, on a static host or on a server with no
 * model shows none. The answer streams in as server-sent events over a fetch; it is shown as
 * text (never as HTML), with its `[n]` citations turned into links to the pages it used.
 */

import { escapeHtml } from "../../../search/excerpt.ts";
import { message } from "../messages.ts";

/** Characters of a question at most (the server refuses longer ones). */
const MAX_QUESTION_CHARACTERS = 1000;

interface Source {
  number: number;
  title: string;
  path: string;
  anchor: string;
}

export function setup(root: Document): void {
  const html = root.documentElement;
  const configured = html.dataset.assistant;
  if (!configured) return;
  const base = html.dataset.root ?? "";
  let endpoint: string;
  try {
    endpoint = new URL(configured, new URL(base, window.location.href)).href;
  } catch {
    return;
  }
  if (!/^https?:/.test(endpoint)) return;
  fetch(endpoint, { headers: { Accept: "application/json" }, credentials: "omit" })
    .then((response) => (response.ok ? response.json() : null))
    .then((status: { available?: unknown } | null) => {
      if (status?.available === true) addButton(root, endpoint, base);
    })
    .catch(() => {
      // No assistant reachable: no button.
    });
}

const SPARKLE =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="currentColor"><path d="M12 2l1.9 5.6L19.5 9.5l-5.6 1.9L12 17l-1.9-5.6L4.5 9.5l5.6-1.9z"/><path d="M19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z"/></svg>';

function addButton(root: Document, endpoint: string, base: string): void {
  const button = root.createElement("button");
  button.type = "button";
  button.className = "assistant-button";
  button.setAttribute("data-quire-assistant-open", "");
  button.setAttribute("aria-haspopup", "dialog");
  button.innerHTML = `${SPARKLE}<span>${escapeHtml(message("askAi"))}</span>`;
  const search = root.getElementById("search-bar-entry");
  if (search) search.after(button);
  else (root.querySelector(".topbar-inner") ?? root.body).appendChild(button);
  let panel: AssistantPanel | undefined;
  const openPanel = (opener: HTMLElement, question = ""): void => {
    panel ??= new AssistantPanel(root, endpoint, base);
    panel.open(opener, question);
  };
  button.addEventListener("click", () => openPanel(button));
  offerInSearch(root, (question) => openPanel(button, question));
}

/**
 * An "Ask AI" button in the search dialog too, under its field: it hands what the reader typed
 * to the assistant. The dialog is built on first search, so it is watched for until it appears.
 */
function offerInSearch(root: Document, ask: (question: string) => void): void {
  const attach = (dialog: HTMLDialogElement): void => {
    if (dialog.querySelector(".search-ask-ai")) return;
    const button = root.createElement("button");
    button.type = "button";
    button.className = "search-ask-ai";
    button.innerHTML = `${SPARKLE}<span>${escapeHtml(message("askAiAboutThis"))}</span>`;
    button.addEventListener("click", () => {
      const question = dialog.querySelector("input")?.value.trim() ?? "";
      dialog.close();
      ask(question);
    });
    (dialog.querySelector(".search-field") ?? dialog.firstElementChild)?.after(button);
  };
  const find = () => root.querySelector<HTMLDialogElement>("dialog[data-quire-search]");
  const present = find();
  if (present) {
    attach(present);
    return;
  }
  const observer = new MutationObserver(() => {
    const dialog = find();
    if (!dialog) return;
    observer.disconnect();
    attach(dialog);
  });
  observer.observe(root.body, { childList: true });
}

/** The panel's markup, its words in the page's language. */
function panelHtml(): string {
  const text = (key: Parameters<typeof message>[0]) => escapeHtml(message(key));
  return `<div class="assistant-panel">
<div class="assistant-header"><h2 class="assistant-title">${text("askAi")}</h2><button type="button" class="assistant-close" aria-label="${text("closeAssistant")}">Esc</button></div>
<div class="assistant-conversation">
<p class="assistant-question" hidden></p>
<div class="assistant-answer" aria-live="polite"></div>
<div class="assistant-sources" hidden><p class="assistant-sources-title">${text("sources")}</p><ol></ol></div>
<p class="assistant-status" role="status"></p>
</div>
<form class="assistant-form">
<textarea name="question" rows="2" maxlength="${MAX_QUESTION_CHARACTERS}" aria-label="${text("assistantQuestion")}" placeholder="${text("assistantPlaceholder")}"></textarea>
<button type="submit" class="assistant-send">${text("ask")}</button>
</form>
<p class="assistant-note">${text("assistantNote")}</p>
</div>`;
}

class AssistantPanel {
  private readonly element: HTMLDialogElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLTextAreaElement;
  private readonly question: HTMLElement;
  private readonly answer: HTMLElement;
  private readonly sources: HTMLElement;
  private readonly status: HTMLElement;
  private readonly endpoint: string;
  private readonly base: string;
  private running: AbortController | undefined;
  private returnFocus: HTMLElement | null = null;

  constructor(root: Document, endpoint: string, base: string) {
    this.endpoint = endpoint;
    this.base = base;
    this.element = root.createElement("dialog");
    this.element.className = "assistant-dialog";
    this.element.setAttribute("aria-label", message("askAiAboutDocumentation"));
    this.element.innerHTML = panelHtml();
    root.body.appendChild(this.element);
    const find = <T extends Element>(selector: string) => this.element.querySelector(selector) as T;
    this.form = find<HTMLFormElement>(".assistant-form");
    this.input = find<HTMLTextAreaElement>("textarea");
    this.question = find<HTMLElement>(".assistant-question");
    this.answer = find<HTMLElement>(".assistant-answer");
    this.sources = find<HTMLElement>(".assistant-sources");
    this.status = find<HTMLElement>(".assistant-status");
    find<HTMLButtonElement>(".assistant-close").addEventListener("click", () => this.close());
    this.element.addEventListener("close", () => {
      this.running?.abort();
      this.returnFocus?.focus();
    });
    this.element.addEventListener("click", (event) => {
      if (event.target === this.element) this.close();
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.ask(this.input.value.trim());
    });
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.form.requestSubmit();
      }
    });
  }

  /** Opens the panel; with a question, asks it at once. */
  open(opener: HTMLElement, question = ""): void {
    this.returnFocus = opener;
    if (!this.element.open) this.element.showModal();
    this.input.focus();
    if (question !== "") void this.ask(question.slice(0, MAX_QUESTION_CHARACTERS));
  }

  close(): void {
    this.element.close();
  }

  private async ask(question: string): Promise<void> {
    if (question === "") return;
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.question.hidden = false;
    this.question.textContent = question;
    this.answer.textContent = "";
    this.sources.hidden = true;
    this.element.removeAttribute("data-state");
    this.status.textContent = message("assistantSearching");
    this.input.value = "";
    let sources: Source[] = [];
    let text = "";
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        // The page's own search index: a page in a language asks about that language's pages.
        body: JSON.stringify({ question, index: document.documentElement.dataset.searchIndex }),
        credentials: "omit",
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const problem = (await response.json().catch(() => null)) as { error?: unknown } | null;
        throw new Error(
          typeof problem?.error === "string"
            ? problem.error
            : message("assistantAnsweredStatus", { status: response.status }),
        );
      }
      this.status.textContent = message("assistantWriting");
      for await (const { event, data } of serverEvents(response.body)) {
        if (event === "sources") sources = data as Source[];
        else if (event === "text") {
          text += String(data);
          this.render(text, sources);
          this.showSources(text, sources);
        } else if (event === "error") {
          throw new Error(
            String((data as { message?: unknown }).message ?? message("assistantAnswerFailed")),
          );
        } else if (event === "done") break;
      }
      this.render(text, sources);
      this.showSources(text, sources);
      this.status.textContent = text === "" ? message("assistantNoAnswer") : "";
      this.element.setAttribute("data-state", "done");
    } catch (error) {
      if (controller.signal.aborted) return;
      this.showSources(text, sources);
      this.status.textContent = message("assistantFailed", {
        reason: error instanceof Error ? error.message : String(error),
      });
      this.element.setAttribute("data-state", "failed");
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /** The answer as text, each `[n]` naming a source made a link to its page. */
  private render(text: string, sources: Source[]): void {
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
      const source = sources.find((candidate) => candidate.number === Number(match[1]));
      if (!source) continue;
      fragment.append(text.slice(last, match.index));
      const link = document.createElement("a");
      link.className = "assistant-citation";
      link.href = this.href(source);
      link.textContent = `[${source.number}]`;
      link.title = source.title;
      fragment.append(link);
      last = match.index + match[0].length;
    }
    fragment.append(text.slice(last));
    this.answer.replaceChildren(fragment);
  }

  /** The pages the answer cites, or every page it was given when it cites none. */
  private showSources(text: string, sources: Source[]): void {
    const cited = sources.filter((source) => text.includes(`[${source.number}]`));
    const shown = cited.length > 0 ? cited : sources;
    const list = this.sources.querySelector("ol") as HTMLOListElement;
    list.replaceChildren(
      ...shown.map((source) => {
        const item = document.createElement("li");
        item.value = source.number;
        const link = document.createElement("a");
        link.href = this.href(source);
        link.textContent = source.title;
        item.append(link);
        return item;
      }),
    );
    this.sources.hidden = shown.length === 0;
  }

  /** `<root><path>.html#<anchor>`, each path segment encoded, as search links are. */
  private href(source: Source): string {
    const file = `${source.path.split("/").map(encodeURIComponent).join("/")}.html`;
    return `${this.base}${file}${source.anchor ? `#${encodeURIComponent(source.anchor)}` : ""}`;
  }
}

/** The events of a server-sent event stream, each `data` parsed as JSON. */
async function* serverEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let end = buffered.indexOf("\n\n");
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length > 0) yield { event, data: JSON.parse(data.join("\n")) };
      end = buffered.indexOf("\n\n");
    }
  }
}
