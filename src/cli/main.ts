/** Entry point of the `quire` executable; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  // A reader that stops early (`quire orgs list | head -1`) closes the pipe: that ends the
  // output, quietly, as for any command-line tool, instead of a stack trace.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(0);
      throw error;
    });
  const { runCli } = await import("./program.ts");
  return runCli(argv);
}
