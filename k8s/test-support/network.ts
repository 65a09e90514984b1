// What the NetworkPolicies let a pod do, as sorted lines such as "TCP/5432 anywhere" (policies
// are additive, so a pod's allowance is the union of the rules of every policy selecting it).
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { selects } from './pods';

type Direction = 'Ingress' | 'Egress';
type Rule = NonNullable<NonNullable<INetworkPolicy['spec']>['egress']>[number];
type Peer = NonNullable<Rule['to']>[number];

const labels = (selector: { matchLabels?: Record<string, string> } | undefined): string =>
  Object.entries(selector?.matchLabels ?? {})
    .map(([k, v]) => (k === 'kubernetes.io/metadata.name' ? v : `${k}=${v}`))
    .join(',') || '*';

function describePeer(peer: Peer): string {
  if (peer.ipBlock)
    return [peer.ipBlock.cidr, ...(peer.ipBlock.except ?? []).map((e) => `!${e}`)].join(' ');
  const namespace = peer.namespaceSelector
    ? `namespace ${labels(peer.namespaceSelector)}`
    : 'same namespace';
  return `${namespace} pods ${labels(peer.podSelector)}`;
}

/** The policies that select a pod and restrict the direction: none means it is not isolated. */
export function isolatingPolicies(
  policies: INetworkPolicy[],
  podLabels: Record<string, string>,
  direction: Direction,
): INetworkPolicy[] {
  return policies.filter((p) => {
    const types = p.spec?.policyTypes ?? (direction === 'Ingress' ? ['Ingress'] : []);
    return types.includes(direction) && selects(p.spec?.podSelector, podLabels);
  });
}

/** Every port and peer a pod may use in a direction, e.g. "UDP/53 namespace kube-system pods k8s-app=kube-dns". */
export function allowed(
  policies: INetworkPolicy[],
  podLabels: Record<string, string>,
  direction: Direction,
): string[] {
  const lines = new Set<string>();
  for (const policy of isolatingPolicies(policies, podLabels, direction)) {
    const rules: Rule[] =
      direction === 'Egress'
        ? (policy.spec?.egress ?? [])
        : (policy.spec?.ingress ?? []).map((r) => ({ ports: r.ports, to: r.from }));
    for (const rule of rules) {
      const peers = rule.to?.length ? rule.to.map(describePeer) : ['anywhere'];
      const ports = rule.ports?.length
        ? rule.ports.map(
            (p) =>
              `${p.protocol ?? 'TCP'}/${String(p.port ?? '*')}${p.endPort ? `-${p.endPort}` : ''}`,
          )
        : ['any port'];
      for (const port of ports) for (const peer of peers) lines.add(`${port} ${peer}`);
    }
  }
  return [...lines].sort();
}
