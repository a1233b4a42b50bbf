/**
 * Registers clean-up after each test when running under vitest; elsewhere (the benchmarks,
 * which reuse the mock servers) the caller closes what it started.
 */
export async function afterEachTest(cleanup: () => void | Promise<void>): Promise<void> {
  if (!process.env.VITEST) return;
  const { afterEach } = await import("vitest");
  afterEach(cleanup);
}
