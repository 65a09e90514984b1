// Progress of long operator commands (seeds, rebuilds): a cli-progress bar per task on a
// terminal; otherwise one log line per task every 5 s and one when it finishes (rows, rows/s,
// seconds), which is what CI logs and `kubectl logs` can show. `silent` is for tests.
import { MultiBar, Presets, type SingleBar } from 'cli-progress';

export type ProgressMode = 'auto' | 'silent';

export interface TaskProgress {
  add(rows: number): void;
  finish(): void;
}

export interface Progress {
  task(name: string, expectedRows: number): TaskProgress;
  log(message: string): void;
  stop(): void;
}

const LOG_INTERVAL_MS = 5000;

export function createProgress(
  mode: ProgressMode,
  out: NodeJS.WriteStream = process.stdout,
  label = 'progress',
): Progress {
  if (mode === 'silent') {
    return {
      task: () => ({ add: () => undefined, finish: () => undefined }),
      log: () => undefined,
      stop: () => undefined,
    };
  }
  return out.isTTY ? barProgress(out) : lineProgress(out, label);
}

function barProgress(out: NodeJS.WriteStream): Progress {
  const multibar = new MultiBar(
    {
      stream: out,
      clearOnComplete: false,
      hideCursor: true,
      format: '{task} [{bar}] {percentage}% | {value}/{total} rows | {speed} rows/s | ETA {eta}s',
    },
    Presets.shades_classic,
  );
  return {
    task(name, expectedRows) {
      const started = Date.now();
      const bar: SingleBar = multibar.create(Math.max(1, expectedRows), 0, {
        task: name.padEnd(24),
        speed: 0,
      });
      let rows = 0;
      return {
        add(count) {
          rows += count;
          const seconds = Math.max(0.001, (Date.now() - started) / 1000);
          bar.update(rows, { speed: Math.round(rows / seconds) });
        },
        finish() {
          bar.setTotal(Math.max(1, rows));
          bar.update(rows);
        },
      };
    },
    log(message) {
      multibar.log(`${message}\n`);
    },
    stop() {
      multibar.stop();
    },
  };
}

function lineProgress(out: NodeJS.WriteStream, label: string): Progress {
  const write = (line: string): void => {
    out.write(`${new Date().toISOString()} ${label} ${line}\n`);
  };
  return {
    task(name) {
      const started = Date.now();
      let lastLog = started;
      let rows = 0;
      const line = (): string => {
        const seconds = Math.max(0.001, (Date.now() - started) / 1000);
        return `${name}: ${rows} rows, ${Math.round(rows / seconds)} rows/s, ${seconds.toFixed(1)} s`;
      };
      return {
        add(count) {
          rows += count;
          const now = Date.now();
          if (now - lastLog >= LOG_INTERVAL_MS) {
            lastLog = now;
            write(line());
          }
        },
        finish() {
          write(`${line()} (done)`);
        },
      };
    },
    log: write,
    stop: () => undefined,
  };
}
