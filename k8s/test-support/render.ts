// Renders an overlay with `kubectl kustomize` (no cluster needed) and parses the objects.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(__dirname, '..');
export const ENVIRONMENTS = ['staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The fields every rendered object has; the rest is checked against its schema. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

export interface Rendering {
  objects: KubeObject[];
  /** What kustomize printed on stderr (deprecation notices and the like). */
  warnings: string;
}

function isKubeObject(value: unknown): value is KubeObject {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const metadata = v.metadata as Record<string, unknown> | undefined;
  return (
    typeof v.apiVersion === 'string' &&
    typeof v.kind === 'string' &&
    typeof metadata?.name === 'string'
  );
}

/** Parses a multi-document YAML stream of Kubernetes objects. */
export function parseObjects(text: string, source: string): KubeObject[] {
  return parseAllDocuments(text).map((doc, i) => {
    if (doc.errors.length > 0) throw new Error(`${source} #${i}: ${doc.errors[0].message}`);
    const value: unknown = doc.toJS();
    if (!isKubeObject(value)) throw new Error(`${source} #${i}: not a Kubernetes object`);
    return value;
  });
}

/**
 * `kubectl kustomize <dir>`. A missing kubectl is an error that says what to install: these
 * tests must never pass by rendering nothing.
 */
export function kustomize(dir: string, kubectl = 'kubectl'): Rendering {
  const run = spawnSync(kubectl, ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${kubectl} not found on PATH: the k8s tests render the overlays with \`kubectl kustomize\` ` +
        '(kubectl 1.32 or later, kustomize 5.5); install kubectl and run them again',
    );
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${run.stderr}`);
  return { objects: parseObjects(run.stdout, dir), warnings: run.stderr.trim() };
}

const renderings = new Map<Environment, Rendering>();

/** The overlay of an environment, rendered once per test file. */
export function renderOverlay(environment: Environment): Rendering {
  let rendering = renderings.get(environment);
  if (!rendering) {
    rendering = kustomize(path.join(K8S_DIR, 'overlays', environment));
    renderings.set(environment, rendering);
  }
  return rendering;
}

/** Every kustomization.yaml under a directory. */
export function kustomizationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return kustomizationFiles(path.join(dir, e.name));
    return e.name === 'kustomization.yaml' ? [path.join(dir, e.name)] : [];
  });
}
