import { message } from "../messages.ts";

/**
 * Diagrams: pages with a ```mermaid block load the bundled mermaid script (a classic script,
 * so it works from file://) and render with the current theme, again when it changes.
 */
export function setup(root: Document): void {
  const source = root.documentElement.dataset.mermaid;
  const blocks = [...root.querySelectorAll<HTMLElement>("pre.mermaid")];
  if (!source || blocks.length === 0) return;
  for (const block of blocks) block.dataset.source = block.textContent ?? "";
  const render = (): void => {
    const mermaid = (window as unknown as { mermaid?: MermaidApi }).mermaid;
    if (!mermaid) return;
    for (const block of blocks) {
      block.removeAttribute("data-processed");
      block.textContent = block.dataset.source ?? "";
    }
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: root.documentElement.dataset.theme === "dark" ? "dark" : "default",
      fontFamily: "inherit",
    });
    void mermaid
      .run({ nodes: blocks })
      .then(() => {
        for (const block of blocks) addControls(root, block);
      })
      .catch((error: unknown) => console.error("quire: mermaid", error));
  };
  const script = root.createElement("script");
  script.src = source;
  script.onload = render;
  root.head.appendChild(script);
  root.addEventListener("quire:theme", render);
}

interface MermaidApi {
  initialize(options: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

/** Diagrams at least this tall get zoom and pan controls unless their fence says `actions`. */
const CONTROLS_FROM_HEIGHT = 120;
const ZOOM_STEP = 1.25;
const PAN_STEP = 60;

/**
 * Zoom in and out, pan in four directions and reset, in the corner `data-placement` names
 * (bottom right by default). The drawing moves by a CSS transform: nothing is drawn again.
 */
function addControls(root: Document, block: HTMLElement): void {
  const drawing = block.querySelector<SVGElement>("svg");
  if (!drawing || block.querySelector(".mermaid-controls")) return;
  const wanted = block.dataset.actions;
  if (wanted === "false") return;
  if (wanted !== "true" && block.getBoundingClientRect().height < CONTROLS_FROM_HEIGHT) return;
  const view = { scale: 1, x: 0, y: 0 };
  const apply = (): void => {
    drawing.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  };
  drawing.style.transformOrigin = "center center";
  const controls = root.createElement("div");
  controls.className = `mermaid-controls mermaid-controls-${block.dataset.placement ?? "bottom-right"}`;
  /** Each control: its symbol, its label, and the change of the view it makes. */
  const actions: [string, string, Partial<typeof view> | "reset"][] = [
    ["+", message("zoomIn"), { scale: ZOOM_STEP }],
    ["−", message("zoomOut"), { scale: 1 / ZOOM_STEP }],
    ["↑", message("moveUp"), { y: -PAN_STEP }],
    ["↓", message("moveDown"), { y: PAN_STEP }],
    ["←", message("moveLeft"), { x: -PAN_STEP }],
    ["→", message("moveRight"), { x: PAN_STEP }],
    ["⟲", message("resetView"), "reset"],
  ];
  for (const [symbol, label, change] of actions) {
    const button = root.createElement("button");
    button.type = "button";
    button.className = "mermaid-control";
    button.textContent = symbol;
    button.setAttribute("aria-label", label);
    button.title = label;
    button.addEventListener("click", () => {
      if (change === "reset") Object.assign(view, { scale: 1, x: 0, y: 0 });
      else {
        view.scale *= change.scale ?? 1;
        view.x += change.x ?? 0;
        view.y += change.y ?? 0;
      }
      apply();
    });
    controls.appendChild(button);
  }
  block.classList.add("has-controls");
  block.appendChild(controls);
}
