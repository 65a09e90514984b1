import { ApiError } from '@platform/http';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { checkNdjsonHeaders, readNdjsonLines } from './ndjson-body';

const limits = { maxLines: 3, maxBytes: 100 };

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? error.status : -1;
  }
}

describe('readNdjsonLines', () => {
  it('splits lines across chunks, numbers them physically and skips blank ones', async () => {
    const body = Readable.from([Buffer.from('{"a":1}\r\n\n{"b"'), Buffer.from(':2}\n  \n{"c":3}')]);
    await expect(readNdjsonLines(body, false, limits)).resolves.toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 3, text: '{"b":2}' },
      { line: 5, text: '{"c":3}' },
    ]);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = Buffer.from('{"n":"é"}\n');
    const body = Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]);
    await expect(readNdjsonLines(body, false, limits)).resolves.toEqual([
      { line: 1, text: '{"n":"é"}' },
    ]);
  });

  it('inflates gzip and rejects a body that is not gzip', async () => {
    const zipped = gzipSync('{"a":1}\n{"a":2}\n');
    await expect(readNdjsonLines(Readable.from([zipped]), true, limits)).resolves.toHaveLength(2);
    expect(
      await statusOf(readNdjsonLines(Readable.from([Buffer.from('plain')]), true, limits)),
    ).toBe(400);
  });

  it('answers 413 over the line or byte limit, after draining the upload', async () => {
    expect(await statusOf(readNdjsonLines(Readable.from(['1\n2\n3\n4\n']), false, limits))).toBe(
      413,
    );
    expect(await statusOf(readNdjsonLines(Readable.from(['x'.repeat(101)]), false, limits))).toBe(
      413,
    );
    // A gzip bomb is measured decompressed.
    const bomb = gzipSync(' '.repeat(10_000));
    expect(await statusOf(readNdjsonLines(Readable.from([bomb]), true, limits))).toBe(413);
    const body = new PassThrough();
    const result = statusOf(readNdjsonLines(body, false, limits));
    body.write('1\n2\n3\n4\n');
    body.write('5\n');
    body.end('6\n');
    expect(await result).toBe(413);
    expect(body.readableEnded).toBe(true);
  });
});

describe('checkNdjsonHeaders', () => {
  it('accepts NDJSON with identity or gzip encoding', () => {
    expect(
      checkNdjsonHeaders({ contentType: 'application/x-ndjson', contentEncoding: undefined }),
    ).toEqual({ gzip: false });
    expect(
      checkNdjsonHeaders({
        contentType: 'application/x-ndjson; charset=utf-8',
        contentEncoding: 'gzip',
      }),
    ).toEqual({ gzip: true });
  });

  it('refuses other types and encodings with 415', () => {
    expect(() =>
      checkNdjsonHeaders({ contentType: 'application/json', contentEncoding: undefined }),
    ).toThrow(ApiError);
    expect(() =>
      checkNdjsonHeaders({ contentType: undefined, contentEncoding: undefined }),
    ).toThrow(ApiError);
    expect(() =>
      checkNdjsonHeaders({ contentType: 'application/x-ndjson', contentEncoding: 'br' }),
    ).toThrow(ApiError);
  });
});
