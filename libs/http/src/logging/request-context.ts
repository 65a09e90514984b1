import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request says about that request. */
export interface RequestLogContext {
  id: string;
  method: string;
  url: string;
}

const storage = new AsyncLocalStorage<RequestLogContext>();

/** Runs the rest of a request's handling with `context` visible to every log line it writes. */
export function runInRequestContext(context: RequestLogContext, next: () => void): void {
  storage.run(context, next);
}

/** The request being served, or undefined outside one (jobs, start-up). */
export function currentRequest(): RequestLogContext | undefined {
  return storage.getStore();
}
