import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Cuts every open connection and refuses new ones, like a dependency going down. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port, like the dependency coming back. */
  restore(): Promise<void>;
  /** Holds what clients send (connections stay open), like a dependency that stalls. */
  hold(): void;
  /** Delivers what was held, in order, and relays at once again. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A real TCP relay on 127.0.0.1 in front of PostgreSQL or Redis, so a test can take a
 * dependency away from one app instance without stopping the shared server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  /** While holding: what clients sent, with where it goes, in arrival order. */
  let held: [net.Socket, Buffer][] | undefined;

  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const forget = (): void => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', forget).on('close', forget);
        upstream.on('error', forget).on('close', forget);
        client.on('data', (chunk: Buffer) => {
          if (held) held.push([upstream, chunk]);
          else upstream.write(chunk);
        });
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });

  const stop = async (): Promise<void> => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  const port = await listen(0);
  return {
    port,
    cut: stop,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const queued = held ?? [];
      held = undefined;
      for (const [upstream, chunk] of queued) if (!upstream.destroyed) upstream.write(chunk);
    },
    restore: async () => {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
