/**
 * Shortest sea routes: Dijkstra over the waypoint graph, with ports and arbitrary sea points
 * (zone centres, fishing grounds) attached to nearby waypoints. A port is never a through node,
 * so no route cuts across a harbour. Trees are cached per source and per set of avoided waypoints.
 */
import { haversineNm } from '../../geo';
import type { LatLon } from '../../geo';
import { PORTS } from '../reference/ports';
import { LEGS } from './sea-graph-legs';
import { WAYPOINTS } from './sea-graph-data';
import { Polyline } from './polyline';

export interface SeaRoute {
  polyline: Polyline;
  /** Chokepoints passed, in order, without repeats. */
  chokepoints: readonly string[];
  /** Waypoint slugs passed, in order. */
  waypoints: readonly string[];
}

interface Edge {
  to: number;
  nm: number;
}

/** A route avoiding the Bab-el-Mandeb goes round the Cape of Good Hope instead. */
export type RouteVariant = 'shortest' | 'avoid-red-sea';

const AVOIDED: Readonly<Record<RouteVariant, readonly string[]>> = {
  shortest: [],
  'avoid-red-sea': ['bab-el-mandeb'],
};

class MinHeap {
  private keys: number[] = [];
  private values: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, value: number): void {
    this.keys.push(key);
    this.values.push(value);
    let i = this.keys.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.keys[parent] as number) <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0] as number, this.values[0] as number];
    const lastKey = this.keys.pop() as number;
    const lastValue = this.values.pop() as number;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.values[0] = lastValue;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (
          left < this.keys.length &&
          (this.keys[left] as number) < (this.keys[smallest] as number)
        )
          smallest = left;
        if (
          right < this.keys.length &&
          (this.keys[right] as number) < (this.keys[smallest] as number)
        )
          smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b] as number, this.keys[a] as number];
    [this.values[a], this.values[b]] = [this.values[b] as number, this.values[a] as number];
  }
}

interface Tree {
  distance: Float64Array;
  previous: Int32Array;
}

/** Node numbering: waypoints first, then the 40 ports. */
export class SeaGraph {
  readonly waypointCount = WAYPOINTS.length;
  private readonly nodes: LatLon[] = [];
  private readonly edges: Edge[][] = [];
  private readonly waypointIndex = new Map<string, number>();
  private readonly trees = new Map<string, Tree>();
  private readonly routes = new Map<number, SeaRoute>();

  constructor() {
    WAYPOINTS.forEach((w, i) => {
      this.waypointIndex.set(w.slug, i);
      this.nodes.push({ lat: w.lat, lon: w.lon });
      this.edges.push([]);
    });
    for (const [a, b] of LEGS) this.link(this.waypoint(a), this.waypoint(b));
    for (const port of PORTS) {
      const node = this.nodes.length;
      this.nodes.push({ lat: port.lat, lon: port.lon });
      this.edges.push([]);
      for (const slug of port.attach) this.link(node, this.waypoint(slug));
    }
  }

  private waypoint(slug: string): number {
    const index = this.waypointIndex.get(slug);
    if (index === undefined) throw new RangeError(`unknown waypoint ${slug}`);
    return index;
  }

  private link(a: number, b: number): void {
    const nm = haversineNm(this.nodes[a] as LatLon, this.nodes[b] as LatLon);
    (this.edges[a] as Edge[]).push({ to: b, nm });
    (this.edges[b] as Edge[]).push({ to: a, nm });
  }

  portNode(portIndex: number): number {
    return this.waypointCount + portIndex;
  }

  /** The two nearest waypoints of a free sea point, which is how it joins the graph. */
  private nearestWaypoints(point: LatLon): { node: number; nm: number }[] {
    let first = { node: -1, nm: Number.POSITIVE_INFINITY };
    let second = { node: -1, nm: Number.POSITIVE_INFINITY };
    for (let i = 0; i < this.waypointCount; i += 1) {
      const nm = haversineNm(point, this.nodes[i] as LatLon);
      if (nm < first.nm) {
        second = first;
        first = { node: i, nm };
      } else if (nm < second.nm) second = { node: i, nm };
    }
    return [first, second];
  }

  private treeFrom(source: number, variant: RouteVariant): Tree {
    const key = `${source}|${variant}`;
    const cached = this.trees.get(key);
    if (cached !== undefined) return cached;
    const n = this.nodes.length;
    const distance = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    const previous = new Int32Array(n).fill(-1);
    const avoided = new Set(AVOIDED[variant].map((slug) => this.waypoint(slug)));
    distance[source] = 0;
    const heap = new MinHeap();
    heap.push(0, source);
    while (heap.size > 0) {
      const [d, node] = heap.pop();
      if (d > (distance[node] as number)) continue;
      // Ports end routes; they are never passed through.
      if (node >= this.waypointCount && node !== source) continue;
      for (const edge of this.edges[node] as Edge[]) {
        if (avoided.has(edge.to)) continue;
        const next = d + edge.nm;
        if (next < (distance[edge.to] as number)) {
          distance[edge.to] = next;
          previous[edge.to] = node;
          heap.push(next, edge.to);
        }
      }
    }
    const tree = { distance, previous };
    this.trees.set(key, tree);
    return tree;
  }

  /** Node path from `from` to `to` inclusive, or null when unreachable. */
  private nodePath(from: number, to: number, variant: RouteVariant): number[] | null {
    const tree = this.treeFrom(from, variant);
    if (!Number.isFinite(tree.distance[to] as number)) return null;
    const path: number[] = [];
    for (let node = to; node !== -1; node = tree.previous[node] as number) path.push(node);
    path.reverse();
    return path;
  }

  private toRoute(path: readonly number[], first: LatLon, last: LatLon): SeaRoute {
    const points: LatLon[] = [first];
    const waypoints: string[] = [];
    const chokepoints: string[] = [];
    for (const node of path) {
      if (node >= this.waypointCount) continue;
      const def = WAYPOINTS[node];
      if (def === undefined) continue;
      points.push(this.nodes[node] as LatLon);
      waypoints.push(def.slug);
      if (def.chokepoint !== undefined && chokepoints.at(-1) !== def.chokepoint)
        chokepoints.push(def.chokepoint);
    }
    points.push(last);
    return { polyline: new Polyline(points), chokepoints, waypoints };
  }

  /**
   * The route between two ports, starting at `first` (the origin's berth) and ending at `last`
   * (the destination's anchorage). Cached per port pair and variant, so callers must always pass
   * the same end points for a pair.
   */
  portToPort(
    from: number,
    to: number,
    variant: RouteVariant,
    first: LatLon,
    last: LatLon,
  ): SeaRoute {
    const key = (from * 64 + to) * 2 + (variant === 'shortest' ? 0 : 1);
    const cached = this.routes.get(key);
    if (cached !== undefined) return cached;
    const path =
      this.nodePath(this.portNode(from), this.portNode(to), variant) ??
      this.nodePath(this.portNode(from), this.portNode(to), 'shortest');
    if (path === null) throw new RangeError(`no sea route from port ${from} to port ${to}`);
    const route = this.toRoute(path, first, last);
    this.routes.set(key, route);
    return route;
  }

  /** The route from a port to a free sea point (which joins the graph at its nearest waypoints). */
  portToPoint(from: number, point: LatLon, variant: RouteVariant, first: LatLon): SeaRoute {
    return this.viaPoint(this.portNode(from), point, variant, first);
  }

  /** The route from a free sea point to a port. */
  pointToPort(point: LatLon, to: number, variant: RouteVariant, last: LatLon): SeaRoute {
    const outbound = this.viaPoint(this.portNode(to), point, variant, last);
    const points = [...outbound.polyline.points].reverse();
    return {
      polyline: new Polyline(points),
      chokepoints: [...outbound.chokepoints].reverse(),
      waypoints: [...outbound.waypoints].reverse(),
    };
  }

  private viaPoint(
    portNode: number,
    point: LatLon,
    variant: RouteVariant,
    portPoint: LatLon,
  ): SeaRoute {
    const candidates = this.nearestWaypoints(point);
    let best: { path: number[]; total: number } | null = null;
    for (const candidate of candidates) {
      const path = this.nodePath(portNode, candidate.node, variant);
      if (path === null) continue;
      const tree = this.treeFrom(portNode, variant);
      const total = (tree.distance[candidate.node] as number) + candidate.nm;
      if (best === null || total < best.total) best = { path, total };
    }
    if (best === null) throw new RangeError('sea point unreachable');
    // A point closer to the port than to its own waypoint is reached directly.
    const direct = haversineNm(this.nodes[portNode] as LatLon, point);
    if (direct < best.total * 0.6 && direct < 150)
      return this.toRoute([portNode], portPoint, point);
    return this.toRoute(best.path, portPoint, point);
  }
}
