/**
 * Whether npm (`npx quire ...`, `npm run quire`) started this process: npm names itself in
 * `npm_execpath` for the processes it starts. Read here, with the rest of the environment.
 */
export function startedByNpm(environment: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(environment.npm_execpath);
}
