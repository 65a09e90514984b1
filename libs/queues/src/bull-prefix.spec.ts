import { assertQueueName, bullPrefix } from './bull-prefix';

describe('bullPrefix', () => {
  it('drops the trailing colon: production keys start with geo:', () => {
    expect(bullPrefix('geo:')).toBe('geo');
    expect(bullPrefix('mar:')).toBe('mar');
  });

  it('keeps a test file prefix whole, so its queues live under it', () => {
    expect(bullPrefix('geo:t:3f9a1c2b:')).toBe('geo:t:3f9a1c2b');
  });

  it("falls back to BullMQ's own prefix when there is none", () => {
    expect(bullPrefix('')).toBe('bull');
    expect(bullPrefix(':')).toBe('bull');
  });
});

describe('assertQueueName', () => {
  it('accepts bare kebab-case names', () => {
    expect(() => assertQueueName('score-refresh')).not.toThrow();
  });

  it('refuses names with a colon (BullMQ would reject them later) or upper case', () => {
    expect(() => assertQueueName('geo:score-refresh')).toThrow(/no ':'/);
    expect(() => assertQueueName('Retention')).toThrow();
    expect(() => assertQueueName('')).toThrow();
  });
});
