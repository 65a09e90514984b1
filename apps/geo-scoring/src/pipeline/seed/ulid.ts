// ULIDs built from a given time and random source, so seeded ids are deterministic.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 26-character ULID: 48-bit millisecond time + 80 bits from `random32` (unsigned 32-bit values). */
export function ulid(timeMs: number, random32: () => number): string {
  let time = '';
  let t = Math.floor(timeMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  // 80 random bits = 16 base-32 characters; 5 bits each from fresh 32-bit draws.
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[random32() & 31];
  return time + random;
}
