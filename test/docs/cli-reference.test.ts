import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { markdownSections } from "../helpers/markdown.ts";
import { runQuire } from "../helpers/quire-cli.ts";

/**
 * docs/cli.md against the real executable's --help: every command has its section, every
 * option of a command is in its section's table and no other is, the usage line is written as
 * the command prints it, and every variable its help names is named there too.
 */

const sections = markdownSections(readFileSync(path.resolve("docs/cli.md"), "utf8"));

interface CommandHelp {
  /** `quire projects create` */
  name: string;
  /** `quire projects create [options]`, as its Usage line says. */
  usage: string;
  subcommands: string[];
  /** Long option names, `--help` left out. */
  options: string[];
  variables: string[];
}

/** The section of a heading within the Commands or Options block of commander's help. */
function block(help: string, title: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf(`${title}:`);
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line !== "" && !/^ /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

async function readHelp(name: string): Promise<CommandHelp> {
  const args = name.split(" ").slice(1);
  const run = await runQuire([...args, "--help"]);
  expect(run.code, `${name} --help: ${run.stderr}`).toBe(0);
  const help = run.stdout;
  return {
    name,
    usage: (/^Usage: (.*)$/m.exec(help)?.[1] ?? "").trim(),
    // Entries start two spaces in; their wrapped descriptions further in.
    subcommands: block(help, "Commands")
      .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
      .filter((command): command is string => command !== undefined && command !== "help"),
    options: block(help, "Options")
      .map((line) => /^ {2}(?:-\w, )?(--[\w-]+)/.exec(line)?.[1])
      .filter((option): option is string => option !== undefined && option !== "--help"),
    // A group's Commands block describes its subcommands, whose sections name their variables.
    variables: [
      ...new Set(
        help
          .split("\n")
          .filter((line) => !block(help, "Commands").includes(line))
          .join("\n")
          .match(/QUIRE_[A-Z0-9_]+/g) ?? [],
      ),
    ],
  };
}

let commands: CommandHelp[] = [];

beforeAll(async () => {
  const found: CommandHelp[] = [];
  let level = [await readHelp("quire")];
  while (level.length > 0) {
    found.push(...level);
    level = await Promise.all(
      level.flatMap((command) =>
        command.subcommands.map((sub) => readHelp(`${command.name} ${sub}`)),
      ),
    );
  }
  commands = found.filter((command) => command.name !== "quire");
}, 120_000);

function sectionOf(name: string) {
  return sections.find((section) => section.heading === name);
}

/** The options named in the first cell of each table row of a section. */
function tableOptions(body: string): string[] {
  return [...body.matchAll(/^\| ([^|]*)\|/gm)].flatMap((match) =>
    [...(match[1] as string).matchAll(/`(?:-\w, )?(--[\w-]+)[^`]*`/g)].map(
      (option) => option[1] as string,
    ),
  );
}

describe("docs/cli.md and quire --help", () => {
  it("find the same commands: a section for each, and no section for a command that is not there", () => {
    expect(commands.length).toBeGreaterThan(20);
    const names = commands.map((command) => command.name);
    for (const name of names) expect(sectionOf(name), `a section "${name}"`).toBeDefined();
    const documented = sections
      .map((section) => section.heading)
      .filter((heading) => heading.startsWith("quire "));
    expect(documented.sort()).toEqual([...names].sort());
  });

  it("give each command's options in its table, and no option it does not take", () => {
    for (const command of commands.filter((candidate) => candidate.subcommands.length === 0)) {
      const body = sectionOf(command.name)?.body ?? "";
      expect(new Set(tableOptions(body)), command.name).toEqual(new Set(command.options));
    }
  });

  it("write each command's usage line as it prints it", () => {
    for (const command of commands.filter((candidate) => candidate.subcommands.length === 0))
      expect(sectionOf(command.name)?.body, command.name).toContain(`\`${command.usage}\``);
  });

  it("name in each command's section every environment variable its help names", () => {
    for (const command of commands) {
      const body = sectionOf(command.name)?.body ?? "";
      for (const variable of command.variables)
        expect(body, `${command.name} names ${variable}`).toContain(variable);
    }
  });
});
