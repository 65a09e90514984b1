import { detectGeofenceEvents } from './geofence';
import { portCallsFromPositions } from './port-calls';
import { at, BISCAY, east, fix, ROTTERDAM, SANCTIONS_ZONE, STS_ZONE } from './track.fixture';
import type { PortArea } from './types';

const west = (km: number) => east(ROTTERDAM, km, 270);

describe('detectGeofenceEvents', () => {
  const visit = [
    fix(0, west(40)),
    fix(1, west(8.1)), // just outside the 8 km port radius
    fix(2, west(7.9)), // entry
    fix(10, west(1)),
    fix(20, west(9)), // departure
    fix(30, BISCAY),
    fix(31, east(SANCTIONS_ZONE, 49)), // zone entry
    fix(35, east(SANCTIONS_ZONE, 51)), // zone exit
    fix(40, east(STS_ZONE, 5)),
  ];
  const options = { ports: [ROTTERDAM], zones: [SANCTIONS_ZONE, STS_ZONE] };

  it('reports port entry and departure at the first fix on the new side, and zone entries', () => {
    expect(detectGeofenceEvents(visit, options)).toEqual([
      {
        kind: 'port_entry',
        port_id: 'rotterdam',
        zone_id: null,
        started_at: at(2),
        ended_at: at(20),
        hours: 18,
        occurred_at: at(2),
        severity: 'info',
        metadata: { entry_observed: true },
      },
      {
        kind: 'port_departure',
        port_id: 'rotterdam',
        zone_id: null,
        started_at: at(2),
        ended_at: at(20),
        hours: 18,
        occurred_at: at(20),
        severity: 'info',
        metadata: { entry_observed: true },
      },
      {
        kind: 'zone_entry',
        port_id: null,
        zone_id: 'zone-biscay',
        started_at: at(31),
        ended_at: at(35),
        hours: 4,
        occurred_at: at(31),
        severity: 'critical',
        metadata: { entry_observed: true },
      },
      {
        kind: 'zone_entry',
        port_id: null,
        zone_id: 'zone-sts',
        started_at: at(40),
        ended_at: null,
        hours: null,
        occurred_at: at(40),
        severity: 'info',
        metadata: { entry_observed: true },
      },
    ]);
  });

  it('reports no entry for a track that starts inside, and says so on the departure', () => {
    const events = detectGeofenceEvents(visit.slice(3), options);
    expect(events.filter((e) => e.port_id !== null)).toEqual([
      expect.objectContaining({
        kind: 'port_departure',
        started_at: at(10),
        occurred_at: at(20),
        hours: 10,
        metadata: { entry_observed: false },
      }),
    ]);
  });

  it('leaves an entry open while the vessel is still inside', () => {
    const events = detectGeofenceEvents(visit.slice(0, 4), options);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'port_entry', ended_at: null, hours: null }),
    ]);
  });
});

describe('portCallsFromPositions', () => {
  const call = [
    fix(0, BISCAY, { sogKn: 12 }),
    fix(10, west(26), { sogKn: 10 }),
    fix(11, west(20), { sogKn: 0.3 }), // arrived: at anchor in the 25 km anchorage
    fix(30, west(6), { sogKn: 5 }), // inside the port radius but moving
    fix(31, west(1), { sogKn: 0.2 }), // berthed
    fix(60, west(15), { sogKn: 9 }),
    fix(61, west(30), { sogKn: 12 }), // departed
  ];

  it('times arrival, berthing and departure', () => {
    expect(portCallsFromPositions(call, { ports: [ROTTERDAM] })).toEqual([
      {
        port_id: 'rotterdam',
        arrived_at: at(11),
        berthed_at: at(31),
        departed_at: at(61),
        arrival_observed: true,
      },
    ]);
  });

  it('keeps a call that only anchored, and one still in port at the end', () => {
    const anchoredOnly = [call[0], call[2], call[6]];
    expect(portCallsFromPositions(anchoredOnly, { ports: [ROTTERDAM] })).toEqual([
      expect.objectContaining({ arrived_at: at(11), berthed_at: null, departed_at: at(61) }),
    ]);
    expect(portCallsFromPositions(call.slice(0, 5), { ports: [ROTTERDAM] })).toEqual([
      expect.objectContaining({ berthed_at: at(31), departed_at: null }),
    ]);
  });

  it('drops ships passing through an anchorage without stopping', () => {
    const transit = [
      fix(0, west(40), { sogKn: 12 }),
      fix(1, west(10), { sogKn: 12 }),
      fix(2, east(ROTTERDAM, 20, 0), { sogKn: 12 }),
      fix(3, east(ROTTERDAM, 40, 0), { sogKn: 12 }),
    ];
    expect(portCallsFromPositions(transit, { ports: [ROTTERDAM] })).toEqual([]);
  });

  it('marks a call whose arrival came before the track', () => {
    const [only] = portCallsFromPositions(call.slice(4), { ports: [ROTTERDAM] });
    expect(only).toMatchObject({ arrived_at: at(31), arrival_observed: false });
  });

  it('gives each fix to the nearest of two overlapping anchorages', () => {
    const neighbour: PortArea = { ...ROTTERDAM, id: 'neighbour', ...east(ROTTERDAM, 30) };
    const track = [
      fix(0, west(20), { sogKn: 0.5 }),
      fix(1, east(ROTTERDAM, 12), { sogKn: 0.5 }), // in both anchorages, nearer Rotterdam
      fix(2, east(ROTTERDAM, 18), { sogKn: 0.5 }), // nearer the neighbour
      fix(3, east(ROTTERDAM, 60), { sogKn: 10 }),
    ];
    expect(
      portCallsFromPositions(track, { ports: [ROTTERDAM, neighbour] }).map((c) => [
        c.port_id,
        c.arrived_at,
        c.departed_at,
      ]),
    ).toEqual([
      ['rotterdam', at(0), at(2)],
      ['neighbour', at(2), at(3)],
    ]);
  });
});
