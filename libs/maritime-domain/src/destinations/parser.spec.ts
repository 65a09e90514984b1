import { createDestinationParser, parseDeclaredDestination } from './parser';
import type { DestinationPort } from './parser';

const ports: DestinationPort[] = [
  { id: 1, slug: 'rotterdam', name: 'Rotterdam', unlocode: 'NLRTM', aliases: ['EUROPOORT'] },
  { id: 2, slug: 'shanghai', name: 'Shanghai', unlocode: 'CNSHA', aliases: ['YANGSHAN'] },
  {
    id: 3,
    slug: 'singapore',
    name: 'Singapore',
    unlocode: 'SGSIN',
    aliases: ['SINGAPORE EAST OPL'],
  },
  { id: 4, slug: 'new-orleans', name: 'New Orleans', unlocode: 'USMSY', aliases: ['NOLA'] },
  { id: 5, slug: 'sao-paulo', name: 'São Paulo', unlocode: null, aliases: [] },
];

const parse = createDestinationParser(ports);
const slugOf = (raw: string | null | undefined) => parse(raw)?.slug ?? null;

describe('declared destination parsing', () => {
  it('matches names, slugs and aliases in any case', () => {
    expect(slugOf('ROTTERDAM')).toBe('rotterdam');
    expect(slugOf('rotterdam')).toBe('rotterdam');
    expect(slugOf('NEW ORLEANS')).toBe('new-orleans');
    expect(slugOf('new-orleans')).toBe('new-orleans');
    expect(slugOf('NOLA')).toBe('new-orleans');
    expect(slugOf('Europoort')).toBe('rotterdam');
    expect(slugOf('SINGAPORE EAST OPL')).toBe('singapore');
  });

  it('matches LOCODEs with or without the space', () => {
    expect(slugOf('NLRTM')).toBe('rotterdam');
    expect(slugOf('NL RTM')).toBe('rotterdam');
    expect(slugOf('nl-rtm')).toBe('rotterdam');
    expect(slugOf('US MSY')).toBe('new-orleans');
  });

  it('keeps the last leg of a FROM>TO route', () => {
    expect(slugOf('SGSIN>CNSHA')).toBe('shanghai');
    expect(slugOf('SG SIN > CN SHA')).toBe('shanghai');
    expect(slugOf('ROTTERDAM>>SINGAPORE')).toBe('singapore');
    expect(slugOf('NLRTM>')).toBe('rotterdam');
    expect(slugOf('SHANGHAI>FOR ORDERS')).toBeNull();
  });

  it('ignores punctuation, AIS padding, diacritics and surrounding spaces', () => {
    expect(slugOf('  ROTTERDAM.  ')).toBe('rotterdam');
    expect(slugOf('ROTTERDAM@@@@@@@')).toBe('rotterdam');
    expect(slugOf('NEW_ORLEANS!')).toBe('new-orleans');
    expect(slugOf('SAO PAULO')).toBe('sao-paulo');
    expect(slugOf('São Paulo')).toBe('sao-paulo');
    expect(slugOf('NEWORLEANS')).toBe('new-orleans');
  });

  it('returns null for text that names no port', () => {
    for (const raw of [
      'FOR ORDERS',
      '',
      '   ',
      '>',
      '@@@@',
      'ROTTERDAMM',
      'RTM',
      'NL',
      null,
      undefined,
    ])
      expect(slugOf(raw)).toBeNull();
  });

  it('prefers a LOCODE, then a slug, a name and an alias when ports collide', () => {
    const colliding: DestinationPort[] = [
      { id: 10, slug: 'alpha', name: 'Alpha', unlocode: 'AAAAA', aliases: ['BRAVO', 'XXYYY'] },
      { id: 11, slug: 'bravo', name: 'Charlie', unlocode: 'XXYYY', aliases: [] },
      { id: 12, slug: 'delta', name: 'Bravo', unlocode: null, aliases: [] },
    ];
    const resolve = createDestinationParser(colliding);
    expect(resolve('XXYYY')?.id).toBe(11);
    expect(resolve('BRAVO')?.id).toBe(11);
    expect(resolve('CHARLIE')?.id).toBe(11);
  });

  it('returns the caller’s own port objects', () => {
    const withExtra = ports.map((port) => ({ ...port, country_code: port.slug.slice(0, 2) }));
    const found = createDestinationParser(withExtra)('NLRTM');
    expect(found?.country_code).toBe('ro');
    expect(parseDeclaredDestination('CNSHA', ports)).toBe(ports[1]);
  });

  it('parses many destinations cheaply once the index is built', () => {
    const many: DestinationPort[] = Array.from({ length: 2_000 }, (_, i) => ({
      id: i,
      slug: `port-${i}`,
      name: `Port ${i}`,
      unlocode: `XX${String(i).padStart(3, '0')}`,
      aliases: [`HARBOUR ${i}`],
    }));
    const resolve = createDestinationParser(many);
    const started = performance.now();
    let found = 0;
    for (let i = 0; i < 50_000; i += 1)
      if (resolve(`XX ${String(i % 2_000).padStart(3, '0')}`)) found += 1;
    expect(found).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
