import https from 'node:https';
import net from 'node:net';
import Redis from 'ioredis';
import { readBody, sendJson, startFakeServer } from './fake-http-server';
import { startTcpProxy } from './tcp-proxy';
import { createTestCertificate } from './test-certificate';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix } from './test-environment';

function httpsPost(
  url: string,
  ca: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'POST', ca }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startFakeServer', () => {
  it('serves HTTPS on 127.0.0.1 that a client trusting the test certificate accepts', async () => {
    const tls = await createTestCertificate();
    const server = await startFakeServer(
      (req, res) => {
        void readBody(req).then((echoed) => sendJson(res, 201, { echoed, path: req.url }));
      },
      { tls },
    );
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const answer = await httpsPost(`${server.url}/hook`, tls.cert, 'hello');
      expect(answer).toEqual({
        status: 201,
        text: JSON.stringify({ echoed: 'hello', path: '/hook' }),
      });
      await expect(httpsPost(`${server.url}/hook`, '', 'x')).rejects.toThrow(
        /self-signed|certificate/i,
      );
    } finally {
      await server.close();
    }
  });
});

describe('startTcpProxy', () => {
  it('relays to the target, refuses connections while cut and accepts them again once restored', async () => {
    const target = await startFakeServer((_req, res) => sendJson(res, 200, { ok: true }));
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: target.port });
    try {
      expect(await (await fetch(`http://127.0.0.1:${proxy.port}/`)).json()).toEqual({ ok: true });
      await proxy.cut();
      expect(await connects(proxy.port)).toBe(false);
      await proxy.restore();
      expect(await (await fetch(`http://127.0.0.1:${proxy.port}/`)).json()).toEqual({ ok: true });
    } finally {
      await proxy.close();
      await target.close();
    }
  });

  it('holds what a client sends while held and delivers it, in order, on release', async () => {
    let served = 0;
    const target = await startFakeServer((_req, res) => sendJson(res, 200, { n: (served += 1) }));
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: target.port });
    try {
      proxy.hold();
      let answered = false;
      const reply = fetch(`http://127.0.0.1:${proxy.port}/`).then(async (r) => {
        answered = true;
        return (await r.json()) as { n: number };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect({ answered, served }).toEqual({ answered: false, served: 0 });
      proxy.release();
      expect(await reply).toEqual({ n: 1 });
    } finally {
      await proxy.close();
      await target.close();
    }
  });
});

describe('Redis isolation', () => {
  it('deletes only the keys under its own prefix', async () => {
    const url = testEnvironment().TEST_REDIS_URL;
    const mine = uniqueRedisPrefix('spec:');
    const other = uniqueRedisPrefix('spec:');
    expect(mine).not.toBe(other);
    const redis = new Redis(url);
    try {
      await redis.mset(`${mine}a`, '1', `${mine}b`, '2', `${other}a`, '3');
      await deleteRedisPrefix(url, mine);
      expect(await redis.mget(`${mine}a`, `${mine}b`, `${other}a`)).toEqual([null, null, '3']);
    } finally {
      await redis.del(`${other}a`);
      redis.disconnect();
    }
  });
});
