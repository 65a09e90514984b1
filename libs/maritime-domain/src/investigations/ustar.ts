/**
 * A minimal, deterministic POSIX ustar writer: regular files only, mode 0644, uid/gid 0, empty
 * owner names, one fixed mtime. The same files in the same order always give the same bytes.
 */

export interface TarFile {
  /** Relative path, at most 100 bytes (no prefix field is used). */
  path: string;
  content: string | Uint8Array;
}

const BLOCK = 512;

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new RangeError(`tar field too long: ${value}`);
  bytes.copy(header, offset);
}

/** An octal number, zero-padded to length−1 digits and NUL-terminated. */
function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  const digits = Math.floor(value).toString(8);
  if (digits.length > length - 1) throw new RangeError(`tar number too large: ${value}`);
  writeString(header, offset, length, `${digits.padStart(length - 1, '0')}\0`);
}

export function ustarHeader(path: string, size: number, mtimeSeconds: number): Buffer {
  if (path.length === 0 || Buffer.byteLength(path) > 100)
    throw new RangeError(`tar path must be 1-100 bytes: ${path}`);
  const header = Buffer.alloc(BLOCK, 0);
  writeString(header, 0, 100, path);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, mtimeSeconds);
  header.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  writeString(header, 156, 1, '0');
  writeString(header, 257, 6, 'ustar\0');
  writeString(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** The archive: a header and padded data per file, then two zero blocks. */
export function writeUstar(files: readonly TarFile[], mtime: Date): Buffer {
  const mtimeSeconds = Math.floor(mtime.getTime() / 1000);
  const parts: Buffer[] = [];
  for (const file of files) {
    const data =
      typeof file.content === 'string'
        ? Buffer.from(file.content, 'utf8')
        : Buffer.from(file.content);
    parts.push(ustarHeader(file.path, data.length, mtimeSeconds), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(BLOCK * 2, 0));
  return Buffer.concat(parts);
}
