/** One client feature: wires its behaviour into the page once the DOM is ready. */
export type Setup = (root: Document) => void;

/** Runs every feature's setup; one failing feature never stops the others. */
export function start(setups: Setup[]): void {
  const run = (): void => {
    for (const setup of setups) {
      try {
        setup(document);
      } catch (error) {
        console.error("quire:", error);
      }
    }
  };
  if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}
