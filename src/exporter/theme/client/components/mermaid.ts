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
