import { PassThrough } from 'node:stream';
import {
  CommandFailure,
  createProgress,
  dayArgument,
  defineCommand,
  integerArgument,
  runCommandGroup,
  UsageError,
  type CommandIo,
} from './index';

function capture(): CommandIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

const greet = defineCommand({
  name: 'demo greet',
  usage: 'usage: demo greet --name <s> [--times N]',
  options: { name: { type: 'string' }, times: { type: 'string' } },
  async run({ values, io }) {
    if (values.name === undefined) throw new UsageError('--name is required');
    if (values.name === 'nobody') throw new CommandFailure('no such person');
    if (values.name === 'boom') throw new Error('database unreachable');
    const times = integerArgument(values.times, '--times', { min: 1, max: 3, default: 1 });
    for (let i = 0; i < times; i += 1) io.out(`hello ${values.name}`);
    return 0;
  },
});

describe('defineCommand', () => {
  it('runs with parsed flags and prints usage on --help', async () => {
    const io = capture();
    expect(await greet.run(['--name', 'ada', '--times', '2'], {}, io)).toBe(0);
    expect(io.outLines).toEqual(['hello ada', 'hello ada']);
    const help = capture();
    expect(await greet.run(['--help'], {}, help)).toBe(0);
    expect(help.outLines).toEqual([greet.usage]);
  });

  it('answers 2 with the usage for unknown flags and usage errors, 1 for refusals', async () => {
    const unknown = capture();
    expect(await greet.run(['--nope'], {}, unknown)).toBe(2);
    expect(unknown.errLines[0]).toContain(greet.usage);
    const missing = capture();
    expect(await greet.run([], {}, missing)).toBe(2);
    expect(missing.errLines[0]).toMatch(/^demo greet: --name is required\nusage:/);
    const range = capture();
    expect(await greet.run(['--name', 'x', '--times', '9'], {}, range)).toBe(2);
    const refused = capture();
    expect(await greet.run(['--name', 'nobody'], {}, refused)).toBe(1);
    expect(refused.errLines).toEqual(['demo greet: no such person']);
  });

  it('a group prints its commands for an unknown one and 1 for a crash', async () => {
    const io = capture();
    expect(await runCommandGroup('demo', { greet }, ['wave'], {}, io)).toBe(2);
    expect(io.errLines[0]).toBe('usage: npm run tools -- demo <greet> [--help]');
    const crash = capture();
    expect(await runCommandGroup('demo', { greet }, ['greet', '--name', 'boom'], {}, crash)).toBe(
      1,
    );
    expect(crash.errLines).toEqual(['demo greet: database unreachable']);
  });
});

describe('argument helpers', () => {
  it('checks days and integers strictly', () => {
    expect(dayArgument('2024-02-29', '--as-of')).toBe('2024-02-29');
    expect(() => dayArgument('2026-02-30', '--as-of')).toThrow(UsageError);
    expect(() => dayArgument('26-1-1', '--as-of')).toThrow(UsageError);
    expect(() => integerArgument('1.5', '--n', { min: 0, max: 9 })).toThrow(UsageError);
    expect(() => integerArgument(undefined, '--n', { min: 0, max: 9 })).toThrow('--n is required');
  });
});

describe('progress without a terminal', () => {
  it('prints one line per finished task with its rows', () => {
    const out = new PassThrough() as unknown as NodeJS.WriteStream;
    const chunks: string[] = [];
    (out as unknown as PassThrough).on('data', (c: Buffer) => chunks.push(c.toString()));
    const progress = createProgress('auto', out, 'seed');
    const task = progress.task('positions', 10);
    task.add(4);
    task.add(6);
    task.finish();
    expect(chunks.join('')).toMatch(/ seed positions: 10 rows, \d+ rows\/s, [\d.]+ s \(done\)\n$/);
  });
});
