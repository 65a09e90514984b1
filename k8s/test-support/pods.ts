// Pod templates of the rendered objects and what their containers receive.
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { KubeObject } from './render';
import { ofKind } from './schemas';

export type LabelSelector = NonNullable<IDeployment['spec']>['selector'];

export interface PodTemplate {
  /** `Deployment/<name>` or `Job/<name>`. */
  owner: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  spec: IPodSpec;
}

export function podTemplates(objects: KubeObject[]): PodTemplate[] {
  const owners = [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')];
  return owners.map((o) => ({
    owner: `${o.kind}/${o.metadata?.name ?? ''}`,
    labels: o.spec?.template.metadata?.labels ?? {},
    annotations: o.spec?.template.metadata?.annotations ?? {},
    spec: o.spec?.template.spec ?? { containers: [] },
  }));
}

export const role = (pod: PodTemplate): string => pod.labels['app.kubernetes.io/component'] ?? '';
export const serviceOf = (pod: PodTemplate): string => pod.labels['app.kubernetes.io/name'] ?? '';

/** The service's own container of a Deployment's pod (beside its `migrate` init container). */
export function appContainer(pod: PodTemplate): IContainer {
  const container = pod.spec.containers.find((c) => c.name === 'app');
  if (!container) throw new Error(`${pod.owner} has no container named app`);
  return container;
}

export function allContainers(spec: IPodSpec): IContainer[] {
  return [...(spec.initContainers ?? []), ...spec.containers];
}

/** Whether the labels satisfy the selector (matchLabels only: the manifests use nothing else). */
export function selects(
  selector: LabelSelector | undefined,
  labels: Record<string, string>,
): boolean {
  if (!selector) return false;
  if (selector.matchExpressions?.length) throw new Error('matchExpressions are not supported here');
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
}

export type EnvSource =
  | { from: 'literal' | 'configMap'; value: string }
  | { from: 'secret'; secret: string; key: string; optional: boolean };

/**
 * Every variable a container receives and where it comes from. Secrets must be referenced key by
 * key (secretKeyRef), so the set is known without the Secret; a literal `env` entry overrides
 * what `envFrom` supplies, as in Kubernetes.
 */
export function containerEnv(container: IContainer, objects: KubeObject[]): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>();
  for (const from of container.envFrom ?? []) {
    if (from.secretRef)
      throw new Error(`${container.name}: envFrom secretRef hides which keys it supplies`);
    const name = from.configMapRef?.name;
    const configMap = ofKind(objects, 'ConfigMap').find((c) => c.metadata?.name === name);
    if (!configMap) throw new Error(`${container.name}: ConfigMap ${name} is not rendered`);
    for (const [key, value] of Object.entries(configMap.data ?? {}))
      env.set(`${from.prefix ?? ''}${key}`, { from: 'configMap', value });
  }
  for (const e of container.env ?? []) {
    const secret = e.valueFrom?.secretKeyRef;
    if (e.value !== undefined) env.set(e.name, { from: 'literal', value: e.value });
    else if (secret)
      env.set(e.name, {
        from: 'secret',
        secret: secret.name ?? '',
        key: secret.key,
        optional: secret.optional === true,
      });
    else throw new Error(`${container.name}: ${e.name} has a source these tests do not know`);
  }
  return env;
}

/** The plain (non-secret) values, as the process would see them. */
export function plainValues(env: Map<string, EnvSource>): Record<string, string> {
  return Object.fromEntries(
    [...env].flatMap(([name, s]) => (s.from === 'secret' ? [] : [[name, s.value] as const])),
  );
}

const SUFFIX: Record<string, number> = {
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
};

/** A resource quantity ("250m", "1", "512Mi") as a number of cores or bytes. */
export function quantity(q: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m|k|M|G|Ki|Mi|Gi)?$/.exec(String(q));
  if (!m) throw new Error(`unsupported quantity ${q}`);
  return Number(m[1]) * (m[2] ? SUFFIX[m[2]] : 1);
}
