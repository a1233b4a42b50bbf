/** Entry point of the `quire` executable; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const { runCli } = await import("./program.ts");
  return runCli(argv);
}
