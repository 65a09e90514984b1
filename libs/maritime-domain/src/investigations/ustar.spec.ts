import { ustarHeader, writeUstar } from './ustar';

const MTIME = new Date('2026-05-10T12:34:56.789Z');

describe('ustar writer', () => {
  it('writes a checksummed ustar header with fixed mode, owner and mtime', () => {
    const header = ustarHeader('case.json', 1234, Math.floor(MTIME.getTime() / 1000));
    expect(header.length).toBe(512);
    expect(header.subarray(0, 9).toString()).toBe('case.json');
    expect(header.subarray(100, 108).toString()).toBe('0000644\0');
    expect(header.subarray(108, 116).toString()).toBe('0000000\0');
    expect(header.subarray(124, 136).toString()).toBe(`${(1234).toString(8).padStart(11, '0')}\0`);
    expect(parseInt(header.subarray(136, 147).toString(), 8)).toBe(
      Math.floor(MTIME.getTime() / 1000),
    );
    expect(header.subarray(257, 263).toString()).toBe('ustar\0');
    const stored = parseInt(header.subarray(148, 154).toString(), 8);
    const copy = Buffer.from(header);
    copy.fill(0x20, 148, 156);
    expect(stored).toBe(copy.reduce((sum, byte) => sum + byte, 0));
  });

  it('pads data to 512-byte blocks and ends with two zero blocks; same input, same bytes', () => {
    const files = [
      { path: 'a.txt', content: 'hello\n' },
      { path: 'b.txt', content: 'x'.repeat(512) },
    ];
    const tar = writeUstar(files, MTIME);
    expect(tar.length).toBe(512 + 512 + 512 + 512 + 1024);
    expect(tar.subarray(512, 518).toString()).toBe('hello\n');
    expect(tar.subarray(tar.length - 1024).every((b) => b === 0)).toBe(true);
    expect(writeUstar(files, MTIME).equals(tar)).toBe(true);
  });

  it('refuses a path over 100 bytes', () => {
    expect(() => writeUstar([{ path: 'a'.repeat(101), content: '' }], MTIME)).toThrow(RangeError);
  });
});
