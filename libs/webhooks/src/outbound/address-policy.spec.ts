import { classifyAddress } from './address-policy';
import { formatIpAddress, parseIpAddress } from './ip-address';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('IPv4 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'], // Teredo
    ['2001:2::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'private'],
    ['4000::1', 'reserved'], // outside the global unicast space
    ['1::1', 'reserved'],
  ])('IPv6 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::', 'private'],
    ['2002:808:808::1', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::8.8.8.8', 'reserved'],
  ])('an IPv6 form carrying an IPv4 address, %s, is judged by it: %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('throws on a host name', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
  });
});

describe('parseIpAddress and formatIpAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['fe80::1%25eth0', 'fe80::1'],
    ['[2606:4700::1111]', '2606:4700::1111'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1::8', '1::8'],
  ])('%s is %s', (text, canonical) => {
    const parsed = parseIpAddress(text);
    expect(parsed).not.toBeNull();
    expect(formatIpAddress(parsed!)).toBe(canonical);
  });

  it('agrees with the URL parser on every IPv6 host it normalises', () => {
    for (const text of ['::ffff:1.2.3.4', '1:0:0:2::3', '::', 'a:b:c:d:e:f:1:2', '0::0:1']) {
      const fromUrl = new URL(`https://[${text}]/`).hostname.slice(1, -1);
      expect(formatIpAddress(parseIpAddress(text)!)).toBe(fromUrl);
    }
  });

  it.each(['example.com', '256.1.1.1', '1.2.3', '::g', ''])('%p is not an address', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });
});
