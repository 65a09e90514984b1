import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Environment } from '@platform/config';

/** Where a command writes; tests pass their own to read what it printed. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Thrown by a command for bad arguments: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** Thrown by a command for an expected refusal (e.g. "no such key"): printed, exit code 1. */
export class CommandFailure extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>;

export interface CommandInput<O extends OptionsConfig> {
  values: Parsed<O>['values'];
  positionals: string[];
  env: Environment;
  io: CommandIo;
}

export interface CommandSpec<O extends OptionsConfig> {
  /** How the command is called, e.g. `geo rollups`; prefixes error lines. */
  name: string;
  /** The full usage text, printed by --help and after an argument error. */
  usage: string;
  options: O;
  allowPositionals?: boolean;
  run(input: CommandInput<O>): Promise<number>;
}

export interface Command {
  readonly name: string;
  readonly usage: string;
  run(args: string[], env: Environment, io?: CommandIo): Promise<number>;
}

/**
 * One shape for every operator command: `--help` prints the usage (exit 0); unknown flags and
 * UsageError print the message and the usage (exit 2); CommandFailure prints the message
 * (exit 1); anything else propagates to the dispatcher (exit 1, message only, never a stack
 * with secrets in it).
 */
export function defineCommand<O extends OptionsConfig>(spec: CommandSpec<O>): Command {
  return {
    name: spec.name,
    usage: spec.usage,
    async run(args, env, io = stdio) {
      if (args.includes('--help') || args.includes('-h')) {
        io.out(spec.usage);
        return 0;
      }
      let parsed: Parsed<O>;
      try {
        parsed = parseArgs({
          args,
          options: spec.options,
          allowPositionals: spec.allowPositionals ?? false,
          strict: true,
        }) as Parsed<O>;
      } catch (error) {
        io.err(`${spec.name}: ${(error as Error).message}\n${spec.usage}`);
        return 2;
      }
      try {
        return await spec.run({ values: parsed.values, positionals: parsed.positionals, env, io });
      } catch (error) {
        if (error instanceof UsageError) {
          io.err(`${spec.name}: ${error.message}\n${spec.usage}`);
          return 2;
        }
        if (error instanceof CommandFailure) {
          io.err(`${spec.name}: ${error.message}`);
          return 1;
        }
        throw error;
      }
    },
  };
}

/**
 * Runs `<group> <command> [args]`: the entry point of `npm run tools -- <group> …`. Prints the
 * group's command list for an unknown command (exit 2); an unexpected error prints its message
 * (exit 1).
 */
export async function runCommandGroup(
  group: string,
  commands: Record<string, Command>,
  argv: string[],
  env: Environment,
  io: CommandIo = stdio,
): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    io.err(`usage: npm run tools -- ${group} <${Object.keys(commands).join('|')}> [--help]`);
    return 2;
  }
  try {
    return await command.run(args, env, io);
  } catch (error) {
    io.err(`${group} ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
