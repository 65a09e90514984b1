export { choiceArgument, dayArgument, integerArgument } from './arguments';
export { CommandFailure, defineCommand, runCommandGroup, stdio, UsageError } from './command';
export type { Command, CommandInput, CommandIo, CommandSpec } from './command';
export { createProgress } from './progress';
export type { Progress, ProgressMode, TaskProgress } from './progress';
export { withToolDatabase } from './tool-database';
