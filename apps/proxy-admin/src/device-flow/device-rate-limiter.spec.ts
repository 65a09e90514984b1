import { clientSubject } from './device-rate-limiter';

describe('clientSubject', () => {
  it('counts IPv4 clients by address and IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientSubject('203.0.113.9')).toBe('203.0.113.9');
    expect(clientSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 clients by their /64, whatever the interface part', () => {
    const a = clientSubject('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientSubject('2001:0db8:0001:0002::1')).toBe(a);
    expect(clientSubject('2001:db8:1:3::1')).not.toBe(a);
  });

  it('keeps anything that is not an address as it is', () => {
    expect(clientSubject('unknown')).toBe('unknown');
  });
});
