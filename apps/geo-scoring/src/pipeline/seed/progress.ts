// Seed progress: a cli-progress multibar per dataset on a TTY, else one log line per dataset
// every 5 s (rows, rows/s). `silent` is for tests and the library call.
import { MultiBar, Presets, type SingleBar } from 'cli-progress';

export type ProgressMode = 'auto' | 'silent';

export interface DatasetProgress {
  add(rows: number): void;
  finish(): void;
}

export interface SeedProgress {
  dataset(name: string, expectedRows: number): DatasetProgress;
  log(message: string): void;
  stop(): void;
}

const LOG_INTERVAL_MS = 5000;

export function createProgress(
  mode: ProgressMode,
  out: NodeJS.WriteStream = process.stdout,
): SeedProgress {
  if (mode === 'silent') {
    return {
      dataset: () => ({ add: () => undefined, finish: () => undefined }),
      log: () => undefined,
      stop: () => undefined,
    };
  }
  if (out.isTTY) return ttyProgress(out);
  return lineProgress(out);
}

function ttyProgress(out: NodeJS.WriteStream): SeedProgress {
  const multibar = new MultiBar(
    {
      stream: out,
      clearOnComplete: false,
      hideCursor: true,
      format:
        '{dataset} [{bar}] {percentage}% | {value}/{total} rows | {speed} rows/s | ETA {eta}s',
    },
    Presets.shades_classic,
  );
  return {
    dataset(name, expectedRows) {
      const started = Date.now();
      const bar: SingleBar = multibar.create(Math.max(1, expectedRows), 0, {
        dataset: name.padEnd(24),
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

function lineProgress(out: NodeJS.WriteStream): SeedProgress {
  const write = (line: string): void => {
    out.write(`${new Date().toISOString()} seed ${line}\n`);
  };
  return {
    dataset(name) {
      const started = Date.now();
      let lastLog = started;
      let rows = 0;
      const line = (): string => {
        const seconds = Math.max(0.001, (Date.now() - started) / 1000);
        return `${name}: ${rows} rows, ${Math.round(rows / seconds)} rows/s`;
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
