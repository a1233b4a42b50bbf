#!/usr/bin/env node
// The `quire` executable. Quire's sources are TypeScript run directly by Node's type
// stripping (Node 22.18+ / 24), so there is no build step between a checkout and a run.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `quire needs Node.js 24 (found ${process.version}). Run it through npm (\`npx quire ...\` or \`npm run quire -- ...\`) after \`npm install\`, which provides Node 24.\n`,
  );
  process.exit(2);
}
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
