// CPU time of the processes a benchmark phase runs on (Linux /proc), so a phase's cost can be read
// per delivery even when other work shares the machine and slows its wall time.
import { readFileSync } from 'node:fs';

/** CPU milliseconds (user + system) a process has used so far; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses: state is the first, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export type CpuSample = Record<string, number>;

/** CPU used by each named group of processes between two samples. */
export function cpuBetween(before: CpuSample, after: CpuSample): CpuSample {
  return Object.fromEntries(
    Object.keys(after).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]),
  );
}

/** One sample of named process groups. */
export function sampleCpu(groups: Record<string, readonly number[]>): CpuSample {
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0),
    ]),
  );
}
