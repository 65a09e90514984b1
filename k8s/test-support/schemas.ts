// Each kind the manifests use, with its kubernetes-models class (schema validation) and its
// TypeScript shape (typed access in the tests once an object has validated).
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2';
import { Job, type IJob } from 'kubernetes-models/batch/v1';
import {
  Ingress,
  NetworkPolicy,
  type IIngress,
  type INetworkPolicy,
} from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  Namespace,
  Secret,
  Service,
  ServiceAccount,
  type IConfigMap,
  type INamespace,
  type ISecret,
  type IService,
  type IServiceAccount,
} from 'kubernetes-models/v1';
import type { KubeObject } from './render';

export interface KindShapes {
  ConfigMap: IConfigMap;
  Deployment: IDeployment;
  HorizontalPodAutoscaler: IHorizontalPodAutoscaler;
  Ingress: IIngress;
  Job: IJob;
  Namespace: INamespace;
  NetworkPolicy: INetworkPolicy;
  PodDisruptionBudget: IPodDisruptionBudget;
  Secret: ISecret;
  Service: IService;
  ServiceAccount: IServiceAccount;
}
export type Kind = keyof KindShapes;

/** Throws with the failing path when the object does not match its kind's schema. */
const VALIDATORS: Record<string, (o: KubeObject) => void> = {
  'v1/ConfigMap': (o) => new ConfigMap(o as unknown as IConfigMap).validate(),
  'apps/v1/Deployment': (o) => new Deployment(o as unknown as IDeployment).validate(),
  'autoscaling/v2/HorizontalPodAutoscaler': (o) =>
    new HorizontalPodAutoscaler(o as unknown as IHorizontalPodAutoscaler).validate(),
  'networking.k8s.io/v1/Ingress': (o) => new Ingress(o as unknown as IIngress).validate(),
  'batch/v1/Job': (o) => new Job(o as unknown as IJob).validate(),
  'v1/Namespace': (o) => new Namespace(o as unknown as INamespace).validate(),
  'networking.k8s.io/v1/NetworkPolicy': (o) =>
    new NetworkPolicy(o as unknown as INetworkPolicy).validate(),
  'policy/v1/PodDisruptionBudget': (o) =>
    new PodDisruptionBudget(o as unknown as IPodDisruptionBudget).validate(),
  'v1/Secret': (o) => new Secret(o as unknown as ISecret).validate(),
  'v1/Service': (o) => new Service(o as unknown as IService).validate(),
  'v1/ServiceAccount': (o) => new ServiceAccount(o as unknown as IServiceAccount).validate(),
};

/** Why the object fails its schema, or undefined when it validates. */
export function schemaError(o: KubeObject): string | undefined {
  const validate = VALIDATORS[`${o.apiVersion}/${o.kind}`];
  if (!validate) return `no schema registered for ${o.apiVersion} ${o.kind}`;
  try {
    validate(o);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The objects of one kind, typed (call after every object passed schemaError). */
export function ofKind<K extends Kind>(objects: KubeObject[], kind: K): KindShapes[K][] {
  return objects.filter((o) => o.kind === kind) as unknown as KindShapes[K][];
}

/** The one object of a kind and name; throws when it is missing. */
export function named<K extends Kind>(objects: KubeObject[], kind: K, name: string): KindShapes[K] {
  const found = ofKind(objects, kind).find((o) => o.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found;
}
