import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface RunningTestApp<A extends INestApplication = INestApplication> {
  app: A;
  /** e.g. `http://127.0.0.1:40123` */
  url: string;
  close(): Promise<void>;
}

/** Starts an app on a free port on 127.0.0.1 for HTTP-level tests with real clients. */
export async function startTestApp<A extends INestApplication>(
  create: () => Promise<A>,
): Promise<RunningTestApp<A>> {
  const app = await create();
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Polls `probe` until it returns true or the deadline passes (tests never sleep blindly). */
export async function waitFor(
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
