import express, { type Request } from 'express';
import type { AddressInfo } from 'node:net';
import { findNul, MAX_INPUT_DEPTH, nestsDeeperThan, rejectNul } from './reject-nul';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? [value] : { k: value };
  return value;
};

describe('findNul', () => {
  it('names the first string holding a NUL, deep in objects and arrays', () => {
    expect(findNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } }, 'body')).toBe('body.b.c[1]');
    expect(findNul('a\u0000', 'path')).toBe('path');
    expect(findNul({ 'k\u0000': 1 }, 'query')).toBe('query');
    expect(findNul({ a: 1, b: null, c: [true, 'fine'] }, 'body')).toBeUndefined();
    expect(findNul(undefined, 'body')).toBeUndefined();
  });

  it('walks any depth without overflowing the stack', () => {
    expect(findNul(nested(200_000), 'body')).toBeUndefined();
    expect(findNul({ a: [nested(100_000), 'x\u0000'] }, 'body')).toBe('body.a[1]');
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not scalars, and stops early on deep input', () => {
    expect(nestsDeeperThan('flat', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(200_000), MAX_INPUT_DEPTH)).toBe(true);
  });
});

describe('rejectNul', () => {
  it('refuses a NUL in the path, a query key or value, and lets the rest through', async () => {
    const app = express();
    app.use(rejectNul);
    app.get('/q', (req: Request, res) => res.json(req.query));
    app.use(
      (
        error: { status?: number; message: string },
        _req: Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => res.status(error.status ?? 500).json({ error: error.message }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const ask = async (path: string) => {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: response.status, body: (await response.json()) as unknown };
      };
      expect(await ask('/q?a=1&b=x%20y&a=2')).toEqual({
        status: 200,
        body: { a: ['1', '2'], b: 'x y' },
      });
      for (const path of ['/q%00', '/q?a=x%00', '/q?a=1&a=2%00', '/q?k%00=1']) {
        expect({ path, ...(await ask(path)) }).toMatchObject({ path, status: 400 });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
