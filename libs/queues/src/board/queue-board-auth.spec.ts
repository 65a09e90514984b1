import { ConfigValidationError, loadConfig, MaritimeConfig } from '@platform/config';
import crypto from 'node:crypto';
import { boardCredentialMatches, presentedBoardCredential } from './queue-board-auth';

const TOKEN = 'board-token-0123456789-abcdef';
const basic = (credentials: string): string =>
  `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

describe('presentedBoardCredential', () => {
  it('reads a Bearer token, whatever the scheme case and spacing', () => {
    expect(presentedBoardCredential(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(presentedBoardCredential(`bearer   ${TOKEN}`)).toBe(TOKEN);
  });

  it('reads the password of Basic auth, after the first colon, under any user name', () => {
    expect(presentedBoardCredential(basic(`oncall:${TOKEN}`))).toBe(TOKEN);
    expect(presentedBoardCredential(basic(`:${TOKEN}`))).toBe(TOKEN);
    expect(presentedBoardCredential(basic(`é:${TOKEN}`))).toBe(TOKEN);
    expect(presentedBoardCredential(basic('oncall:pass:word'))).toBe('pass:word');
    expect(presentedBoardCredential(`BASIC ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).toBe(
      TOKEN,
    );
  });

  it('finds nothing in a missing, repeated, malformed or foreign header', () => {
    expect(presentedBoardCredential(undefined)).toBeUndefined();
    expect(presentedBoardCredential([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`])).toBeUndefined();
    expect(presentedBoardCredential(TOKEN)).toBeUndefined();
    expect(presentedBoardCredential(`Token ${TOKEN}`)).toBeUndefined();
    expect(presentedBoardCredential('Bearer')).toBeUndefined();
    expect(presentedBoardCredential(`Bearer ${TOKEN} ${TOKEN}`)).toBeUndefined();
    // Basic without a colon carries no password; a token is not base64 of anything.
    expect(presentedBoardCredential(basic(TOKEN))).toBeUndefined();
    expect(presentedBoardCredential('Basic not*base64')).toBeUndefined();
    expect(presentedBoardCredential(`Basic ${'QUFB'.repeat(5000)}`)).toBeUndefined();
  });
});

describe('boardCredentialMatches', () => {
  it('matches the token only', () => {
    expect(boardCredentialMatches(TOKEN, TOKEN)).toBe(true);
    expect(boardCredentialMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(boardCredentialMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(boardCredentialMatches(TOKEN.toUpperCase(), TOKEN)).toBe(false);
    expect(boardCredentialMatches('', TOKEN)).toBe(false);
    expect(boardCredentialMatches(undefined, TOKEN)).toBe(false);
  });

  describe('takes the constant-time path for every answer', () => {
    let compare: jest.SpyInstance;

    beforeEach(() => {
      compare = jest.spyOn(crypto, 'timingSafeEqual');
    });

    afterEach(() => {
      compare.mockRestore();
    });

    it.each([
      ['the token', TOKEN],
      ['a wrong token of the same length', `${TOKEN.slice(0, -1)}X`],
      ['a prefix of the token', TOKEN.slice(0, 4)],
      ['a longer token', `${TOKEN}${TOKEN}`],
      ['nothing usable', undefined],
    ])('%s: one comparison of two 32-byte digests', (_what, presented) => {
      boardCredentialMatches(presented, TOKEN);
      expect(compare).toHaveBeenCalledTimes(1);
      const [a, b] = compare.mock.calls[0] as [Buffer, Buffer];
      expect([a.length, b.length]).toEqual([32, 32]);
      expect(
        a.equals(
          crypto
            .createHash('sha256')
            .update(presented ?? '')
            .digest(),
        ),
      ).toBe(true);
      expect(b.equals(crypto.createHash('sha256').update(TOKEN).digest())).toBe(true);
    });
  });
});

describe('QUEUE_BOARD_TOKEN and QUEUE_BOARD_READ_ONLY', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(MaritimeConfig, env);
      return [];
    } catch (error) {
      return (error as ConfigValidationError).problems;
    }
  };

  it('leave the board unmounted and read-only by default', () => {
    const config = loadConfig(MaritimeConfig, {});
    expect(config.QUEUE_BOARD_TOKEN).toBeUndefined();
    expect(config.QUEUE_BOARD_READ_ONLY).toBe(true);
    expect(
      loadConfig(MaritimeConfig, { QUEUE_BOARD_TOKEN: '  ' }).QUEUE_BOARD_TOKEN,
    ).toBeUndefined();
  });

  it('take a token that fits both schemes, and true or false', () => {
    const config = loadConfig(MaritimeConfig, {
      QUEUE_BOARD_TOKEN: ` ${TOKEN} `,
      QUEUE_BOARD_READ_ONLY: 'false',
    });
    expect(config.QUEUE_BOARD_TOKEN).toBe(TOKEN);
    expect(config.QUEUE_BOARD_READ_ONLY).toBe(false);
  });

  it('refuse a short token, one with spaces, and a read-only flag that is not a boolean', () => {
    expect(problems({ QUEUE_BOARD_TOKEN: 'short' })).toEqual([
      'QUEUE_BOARD_TOKEN: must be 16-512 visible ASCII characters without spaces',
    ]);
    expect(problems({ QUEUE_BOARD_TOKEN: 'a token with spaces in it' })).toHaveLength(1);
    expect(problems({ QUEUE_BOARD_READ_ONLY: 'sometimes' })).toEqual([
      'QUEUE_BOARD_READ_ONLY: must be true or false',
    ]);
  });
});
