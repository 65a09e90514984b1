import { haversineNm } from '../../geo';
import { PORTS } from '../reference/ports';
import { PORT_GEOMETRY, portIndex } from '../schedule/port-geometry';
import { SeaGraph } from './sea-graph';
import type { RouteVariant } from './sea-graph';

const graph = new SeaGraph();

function route(from: string, to: string, variant: RouteVariant = 'shortest') {
  const a = portIndex(from);
  const b = portIndex(to);
  return graph.portToPort(a, b, variant, PORT_GEOMETRY[a]!.berth, PORT_GEOMETRY[b]!.anchorage);
}

describe('sea routes', () => {
  it('take Rotterdam to Shanghai through Suez, or round the Cape when the Red Sea is avoided, never overland', () => {
    const shortest = route('rotterdam', 'shanghai');
    expect(shortest.chokepoints).toEqual(
      expect.arrayContaining(['dover', 'gibraltar', 'suez', 'bab-el-mandeb', 'malacca']),
    );
    const diverted = route('rotterdam', 'shanghai', 'avoid-red-sea');
    expect(diverted.chokepoints).toContain('good-hope');
    expect(diverted.chokepoints).not.toContain('suez');
    expect(diverted.polyline.lengthNm).toBeGreaterThan(shortest.polyline.lengthNm + 2000);
    // A direct great circle would be about 4,900 nm across Eurasia; by sea it is near 10,500.
    expect(shortest.polyline.lengthNm).toBeGreaterThan(9500);
    expect(shortest.polyline.lengthNm).toBeLessThan(11_500);
  });

  it('cross between oceans only at the canals and straits', () => {
    expect(route('houston', 'shanghai').chokepoints).toContain('panama');
    expect(route('new-york-new-jersey', 'los-angeles').chokepoints).toContain('panama');
    expect(route('tubarao', 'qingdao').chokepoints).toContain('good-hope');
    expect(route('port-hedland', 'qingdao').chokepoints).toContain('lombok');
    expect(route('novorossiysk', 'piraeus').chokepoints).toEqual(['bosporus', 'dardanelles']);
    expect(route('ras-tanura', 'ningbo-zhoushan').chokepoints).toEqual(
      expect.arrayContaining(['hormuz', 'malacca']),
    );
    expect(route('santos', 'rotterdam').chokepoints).not.toContain('panama');
  });

  it('connects every pair of ports, each route no shorter than the great circle', () => {
    for (let a = 0; a < PORTS.length; a += 1)
      for (let b = 0; b < PORTS.length; b += 1) {
        if (a === b) continue;
        const r = graph.portToPort(
          a,
          b,
          'shortest',
          PORT_GEOMETRY[a]!.berth,
          PORT_GEOMETRY[b]!.anchorage,
        );
        expect(r.polyline.lengthNm).toBeGreaterThanOrEqual(haversineNm(PORTS[a]!, PORTS[b]!) - 10);
        expect(r.waypoints.length).toBeGreaterThan(0);
      }
  });

  it('finds points along a route and routes through a free sea point', () => {
    const r = route('singapore', 'hong-kong');
    const start = r.polyline.pointAt(0);
    expect(haversineNm(start, PORTS[portIndex('singapore')]!)).toBeLessThan(0.01);
    const mid = r.polyline.pointAt(r.polyline.lengthNm / 2);
    expect(haversineNm(mid, r.polyline.pointAt(r.polyline.lengthNm / 2 + 10))).toBeCloseTo(10, 0);
    const ground = { lat: 34.0, lon: 124.0 };
    const out = graph.portToPoint(
      portIndex('qingdao'),
      ground,
      'shortest',
      PORT_GEOMETRY[portIndex('qingdao')]!.berth,
    );
    expect(haversineNm(out.polyline.pointAt(out.polyline.lengthNm), ground)).toBeLessThan(0.01);
  });
});
