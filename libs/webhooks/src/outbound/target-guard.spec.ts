import { OutboundTargetGuard, ResolvedAddress } from './target-guard';
import { parseTargetUrl } from './target-url';
import { UnsafeTargetError, UnsafeTargetReason } from './unsafe-target-error';

/** A resolver answering from a table, counting its calls; unknown names do not resolve. */
function tableResolver(table: Record<string, ResolvedAddress[]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { resolve, calls };
}

async function refusal(promise: Promise<unknown>): Promise<UnsafeTargetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UnsafeTargetError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseTargetUrl', () => {
  it.each<[string, UnsafeTargetReason]>([
    ['http://example.com/hook', 'not_https'],
    ['ftp://example.com/hook', 'not_https'],
    ['example.com/hook', 'invalid_url'],
    ['', 'invalid_url'],
    ['https://', 'invalid_url'],
    ['https://user:pass@example.com/hook', 'credentials_in_url'],
    ['https://user@example.com/hook', 'credentials_in_url'],
    [`https://example.com/${'a'.repeat(2030)}`, 'url_too_long'],
  ])('refuses %p (%s)', (text, reason) => {
    expect(() => parseTargetUrl(text)).toThrow(expect.objectContaining({ reason }));
  });

  it('accepts an https URL of up to 2,048 characters, any port and path', () => {
    const text = `https://example.com:8443/${'a'.repeat(2048 - 25)}`;
    expect(text).toHaveLength(2048);
    expect(parseTargetUrl(text).port).toBe('8443');
  });
});

describe('OutboundTargetGuard', () => {
  const guard = new OutboundTargetGuard();

  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://127.1/hook', 'loopback'],
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.0.0.1/hook', 'loopback'],
    ['https://017700000001/hook', 'loopback'],
    ['https://10.0.0.8/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['https://172.20.1.1/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'metadata'],
    ['https://169.254.10.10/', 'link_local'],
    ['https://100.64.1.1/', 'shared'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://[::ffff:7f00:1]/hook', 'loopback'],
    ['https://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'metadata'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'metadata'],
    ['https://[2002:a00:1::]/', 'private'],
    ['https://[fe80::1]/', 'link_local'],
    ['https://[fd00::1]/', 'unique_local'],
    ['https://[fd00:ec2::254]/', 'metadata'],
    ['https://[::]/', 'unspecified'],
  ])('refuses %s (%s) without resolving anything', async (url, addressClass) => {
    const error = await refusal(guard.check(url));
    expect(error.reason).toBe('refused_address');
    expect(error.refused?.addressClass).toBe(addressClass);
  });

  it('accepts a public address literal and pins it', async () => {
    const target = await guard.check('https://[2606:4700:4700::1111]:8443/x');
    expect(target).toMatchObject({
      hostname: '2606:4700:4700::1111',
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect((await guard.check('https://8.8.8.8/x')).address).toBe('8.8.8.8');
  });

  it('refuses a name that resolves to a private address, naming both', async () => {
    const { resolve } = tableResolver({ 'intranet.example': [{ address: '10.1.2.3', family: 4 }] });
    const error = await refusal(
      new OutboundTargetGuard({ resolve }).check('https://intranet.example/h'),
    );
    expect(error.reason).toBe('refused_address');
    expect(error.message).toContain('intranet.example resolves to 10.1.2.3');
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const { resolve } = tableResolver({
      'mixed.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ],
    });
    const error = await refusal(
      new OutboundTargetGuard({ resolve }).check('https://mixed.example/'),
    );
    expect(error.refused?.addressClass).toBe('metadata');
  });

  it('pins the first address of a name whose addresses are all public', async () => {
    const { resolve, calls } = tableResolver({
      'hooks.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::', family: 6 },
      ],
    });
    const target = await new OutboundTargetGuard({ resolve }).check('https://HOOKS.example/in');
    expect(target).toMatchObject({
      hostname: 'hooks.example',
      address: '93.184.216.34',
      family: 4,
    });
    expect(calls).toEqual(['hooks.example']);
  });

  it('refuses localhost through the system resolver', async () => {
    const error = await refusal(guard.check('https://localhost/hook'));
    expect(error.refused?.addressClass).toBe('loopback');
  });

  it('calls a name that does not resolve, or not in time, unresolvable', async () => {
    const { resolve } = tableResolver({});
    expect(
      (await refusal(new OutboundTargetGuard({ resolve }).check('https://nowhere.example/')))
        .reason,
    ).toBe('unresolvable');
    const slow = new OutboundTargetGuard({
      resolve: () => new Promise(() => undefined),
      resolveTimeoutMs: 50,
    });
    expect((await refusal(slow.check('https://slow.example/'))).reason).toBe('unresolvable');
  });

  it('with private targets allowed, lets loopback and private addresses through, never metadata', async () => {
    const { resolve } = tableResolver({
      'dev.webhooks.test': [{ address: '127.0.0.1', family: 4 }],
    });
    const open = new OutboundTargetGuard({ allowPrivateTargets: true, resolve });
    expect((await open.check('https://127.0.0.1:8443/h')).address).toBe('127.0.0.1');
    expect((await open.check('https://dev.webhooks.test/h')).address).toBe('127.0.0.1');
    expect((await open.check('https://[fd00::1]/h')).address).toBe('fd00::1');
    const error = await refusal(open.check('https://169.254.169.254/'));
    expect(error.refused?.addressClass).toBe('metadata');
    expect((await refusal(open.check('http://127.0.0.1/h'))).reason).toBe('not_https');
  });
});
