// Checks the Kubernetes manifests without a cluster: both overlays are rendered with
// `kubectl kustomize`, every object is validated against its Kubernetes schema
// (kubernetes-models), and the pods are compared with what the code says: the variables each
// service's configuration class reads, the platform's probe routes, and the user, port and
// command of the image docker/Dockerfile builds.
import { loadMigrationConfig, type ServiceName } from '@platform/config';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { allowed, isolatingPolicies } from './test-support/network';
import {
  allContainers,
  appContainer,
  containerEnv,
  plainValues,
  podTemplates,
  quantity,
  role,
  selects,
  serviceOf,
  type PodTemplate,
} from './test-support/pods';
import {
  ENVIRONMENTS,
  K8S_DIR,
  kustomizationFiles,
  kustomize,
  parseObjects,
  renderOverlay,
  type KubeObject,
} from './test-support/render';
import { named, ofKind, schemaError } from './test-support/schemas';
import {
  configProblems,
  imageFacts,
  platformRoutes,
  REPO_ROOT,
  SERVICES,
  variablesRead,
} from './test-support/services';

// Variables the manifests may set although no configuration class reads them: ones that exist
// for the platform itself (none today; NODE_EXTRA_CA_CERTS for a private CA would go here).
const PLATFORM_VARIABLES: readonly string[] = [];

const NAME = 'app.kubernetes.io/name';
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]{0,61}[a-z0-9])?$/;
const DNS = ['TCP/53', 'UDP/53'].map((p) => `${p} namespace kube-system pods k8s-app=kube-dns`);

describe('services and tooling', () => {
  it('has a base for every app in apps/ and for nothing else', () => {
    const apps = readdirSync(path.join(REPO_ROOT, 'apps')).sort();
    expect(SERVICES.map((s) => s.name).sort()).toEqual(apps);
    expect(readdirSync(path.join(K8S_DIR, 'base')).sort()).toEqual(apps);
    for (const s of SERVICES) expect(new s.config().serviceName).toBe(s.name);
  });

  it('fails with a clear message, never renders nothing, when kubectl is missing', () => {
    const overlay = path.join(K8S_DIR, 'overlays', 'staging');
    expect(() => kustomize(overlay, path.join(K8S_DIR, 'no-such-kubectl'))).toThrow(
      /no-such-kubectl not found on PATH.*install kubectl/s,
    );
  });

  it('includes the example Secrets in no kustomization', () => {
    const found = kustomizationFiles(K8S_DIR);
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const file of found)
      expect(readFileSync(file, 'utf8').replace(/#.*$/gm, '')).not.toMatch(
        /\bexamples\b|\.example\.ya?ml/,
      );
  });
});

describe.each(ENVIRONMENTS)('overlay %s', (environment) => {
  const objects = (): KubeObject[] => renderOverlay(environment).objects;

  it('renders without warnings; every object validates against its Kubernetes schema', () => {
    const { objects: all, warnings } = renderOverlay(environment);
    expect(warnings).toBe('');
    expect(all.length).toBeGreaterThan(20);
    const failures = all.flatMap((o) => {
      const error = schemaError(o);
      return error ? [`${o.kind}/${o.metadata.name}: ${error}`] : [];
    });
    expect(failures).toEqual([]);
    expect(all.map((o) => o.metadata.name).filter((n) => !DNS_SUBDOMAIN.test(n))).toEqual([]);
  });

  it('puts everything in one namespace, which enforces the restricted Pod Security profile', () => {
    const [namespace, ...others] = ofKind(objects(), 'Namespace');
    expect(others).toEqual([]);
    expect(namespace.metadata?.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
    });
    const elsewhere = objects().filter(
      (o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace.metadata?.name,
    );
    expect(elsewhere.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  it('commits no Secret', () => {
    expect(ofKind(objects(), 'Secret')).toEqual([]);
  });

  describe.each(SERVICES)('$name', (service) => {
    const svc = service.name;
    const read = variablesRead(service.config);
    const hasQueues = read.includes('QUEUE_WORKERS');
    const image = imageFacts(svc);
    const port = new service.config().PORT;
    const mine = (o: { metadata?: { labels?: Record<string, string> } }): boolean =>
      o.metadata?.labels?.[NAME] === svc;
    const pods = (): PodTemplate[] => podTemplates(objects()).filter((p) => serviceOf(p) === svc);
    const appPods = (): PodTemplate[] => pods().filter((p) => p.owner.startsWith('Deployment/'));
    const values = (pod: PodTemplate) => plainValues(containerEnv(appContainer(pod), objects()));

    it('has an API Deployment, and a worker Deployment where it has queues; QUEUE_WORKERS says which', () => {
      const expected = hasQueues ? ['api', 'worker'] : ['api'];
      expect(appPods().map((p) => p.owner)).toEqual(expected.map((r) => `Deployment/${svc}-${r}`));
      expect(appPods().map(role)).toEqual(expected);
      for (const pod of appPods())
        expect(values(pod).QUEUE_WORKERS).toBe(
          hasQueues ? String(role(pod) === 'worker') : undefined,
        );
    });

    it('gives every app container exactly the variables the service reads (no drift either way)', () => {
      for (const pod of appPods()) {
        const supplied = [...containerEnv(appContainer(pod), objects()).keys()].filter(
          (n) => !PLATFORM_VARIABLES.includes(n),
        );
        expect({
          pod: pod.owner,
          missing: read.filter((n) => !supplied.includes(n)),
          notRead: supplied.filter((n) => !read.includes(n)).sort(),
        }).toEqual({ pod: pod.owner, missing: [], notRead: [] });
      }
    });

    it("passes the service's own validation, in production mode; what it needs is a required secret", () => {
      for (const pod of appPods()) {
        const env = containerEnv(appContainer(pod), objects());
        // The Secret is absent here: only variables it supplies may be reported, and any the
        // service cannot start without must be a reference the pod cannot start without.
        for (const problem of configProblems(service.config, plainValues(env))) {
          const source = env.get(problem.slice(0, problem.indexOf(':')));
          expect({ problem, source }).toEqual({
            problem,
            source: expect.objectContaining({ from: 'secret', optional: false }),
          });
        }
        expect(values(pod).NODE_ENV).toBe('production');
        if (read.includes('ALLOW_PRIVATE_TARGETS'))
          expect(values(pod).ALLOW_PRIVATE_TARGETS).toBe('false');
      }
    });

    it('probes /healthz (startup, liveness) and /readyz (readiness) on the port the service listens on', () => {
      const routes = platformRoutes().map((r) => `${r.method} ${r.path}`);
      expect(routes).toEqual(
        expect.arrayContaining(['GET /healthz', 'GET /readyz', 'GET /metrics']),
      );
      expect(image.exposedPorts).toEqual([port]);
      for (const pod of appPods()) {
        const c = appContainer(pod);
        expect(Number(values(pod).PORT)).toBe(port);
        expect(c.ports?.find((p) => p.name === 'http')?.containerPort).toBe(port);
        const probes = [c.startupProbe, c.livenessProbe, c.readinessProbe].map((p) => p?.httpGet);
        expect(probes).toEqual(
          ['/healthz', '/healthz', '/readyz'].map((p) => ({ path: p, port: 'http' })),
        );
        for (const probe of probes) expect(routes).toContain(`GET ${probe?.path ?? ''}`);
        // Readiness checks each dependency with a 2 s budget: the probe must wait longer.
        expect(c.readinessProbe?.timeoutSeconds).toBeGreaterThan(2);
        if (role(pod) === 'api')
          expect(pod.annotations).toMatchObject({
            'prometheus.io/port': String(port),
            'prometheus.io/path': '/metrics',
          });
      }
    });

    it('runs every container restricted, as the image user, with a writable /tmp only', () => {
      for (const pod of pods()) {
        const { spec } = pod;
        expect([pod.owner, spec.automountServiceAccountToken, spec.enableServiceLinks]).toEqual([
          pod.owner,
          false,
          false,
        ]);
        expect([spec.hostNetwork, spec.hostPID, spec.hostIPC].some(Boolean)).toBe(false);
        expect(spec.volumes?.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();
        for (const c of allContainers(spec)) {
          const sc = c.securityContext ?? {};
          expect({
            container: `${pod.owner}/${c.name}`,
            runAsNonRoot: sc.runAsNonRoot ?? spec.securityContext?.runAsNonRoot,
            runAsUser: sc.runAsUser ?? spec.securityContext?.runAsUser,
            allowPrivilegeEscalation: sc.allowPrivilegeEscalation,
            readOnlyRootFilesystem: sc.readOnlyRootFilesystem,
            privileged: sc.privileged ?? false,
            capabilities: sc.capabilities,
            seccomp: (sc.seccompProfile ?? spec.securityContext?.seccompProfile)?.type,
            tmp: c.volumeMounts?.map((m) => `${m.name}:${m.mountPath}`),
          }).toEqual({
            container: `${pod.owner}/${c.name}`,
            runAsNonRoot: true,
            runAsUser: image.uid,
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            privileged: false,
            capabilities: { drop: ['ALL'] },
            seccomp: 'RuntimeDefault',
            tmp: ['tmp:/tmp'],
          });
        }
      }
    });

    it('requests and limits cpu and memory on every container, limits not below requests', () => {
      const failures = pods().flatMap((pod) =>
        allContainers(pod.spec).flatMap((c) =>
          ['cpu', 'memory'].flatMap((r) => {
            const [request, limit] = [c.resources?.requests?.[r], c.resources?.limits?.[r]];
            const ok =
              request !== undefined && limit !== undefined && quantity(limit) >= quantity(request);
            return ok ? [] : [`${pod.owner}/${c.name} ${r}: ${String(request)} / ${String(limit)}`];
          }),
        ),
      );
      expect(failures).toEqual([]);
    });

    it('lets every pod outlast SHUTDOWN_TIMEOUT_MS, draining included', () => {
      for (const pod of appPods()) {
        const timeoutMs = Number(values(pod).SHUTDOWN_TIMEOUT_MS);
        const drainMs = Number(values(pod).SHUTDOWN_DRAIN_DELAY_MS ?? '0');
        expect(timeoutMs).toBeGreaterThan(drainMs);
        // A few seconds for the process to exit after its own deadline.
        expect((pod.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThanOrEqual(
          timeoutMs + 5000,
        );
        if (role(pod) === 'api') expect(drainMs).toBeGreaterThan(0);
      }
    });

    it('ships one release: its image tag names the migration Job and sets APP_VERSION', () => {
      const images = [...new Set(pods().flatMap((p) => allContainers(p.spec).map((c) => c.image)))];
      expect(images).toHaveLength(1);
      const [, imageName, tag] =
        /^(?:[^/:]+\/)*([^/:]+):([\w][\w.-]{0,127})$/.exec(images[0] ?? '') ?? [];
      expect(imageName).toBe(svc);
      expect(['dev', 'latest']).not.toContain(tag);
      for (const pod of appPods()) expect(values(pod).APP_VERSION).toBe(tag);
      expect(
        ofKind(objects(), 'Job')
          .filter(mine)
          .map((j) => j.metadata?.name),
      ).toEqual([`${svc}-migrate-${tag}`]);
    });

    it('migrates in the Job and in an init container of every pod, with DATABASE_URL only', () => {
      const migrate = image.command.map((a) => a.replace(/(^|\/)main\.js$/, '$1migrate.js'));
      expect(migrate).not.toEqual(image.command);
      expect(existsSync(path.join(REPO_ROOT, 'apps', svc, 'src', 'migrate.ts'))).toBe(true);
      const [job] = ofKind(objects(), 'Job').filter(mine);
      const jobPod = job.spec?.template.spec;
      expect([jobPod?.restartPolicy, job.spec?.ttlSecondsAfterFinished]).toEqual(['Never', 86400]);
      expect(jobPod?.containers).toHaveLength(1);
      for (const pod of appPods())
        expect(pod.spec.initContainers?.map((c) => c.name)).toEqual(['migrate']);
      const migrators = [
        ...(jobPod?.containers ?? []),
        ...appPods().map((p) => p.spec.initContainers![0]),
      ];
      for (const m of migrators)
        expect({
          command: m.command,
          args: m.args,
          envFrom: m.envFrom,
          env: [...containerEnv(m, objects())],
        }).toEqual({
          command: migrate,
          args: undefined,
          envFrom: undefined,
          env: [
            [
              'DATABASE_URL',
              { from: 'secret', secret: `${svc}-secrets`, key: 'DATABASE_URL', optional: false },
            ],
          ],
        });
      // ...which is what the migration entry point reads.
      const url = 'postgres://migrator:pw@db.internal:5432/x';
      expect(loadMigrationConfig(svc as ServiceName, { DATABASE_URL: url })).toEqual({
        databaseUrl: url,
      });
    });

    it('reads its secrets key by key from one Secret, whose committed example lists exactly those keys', () => {
      const keys = new Set<string>();
      for (const pod of pods())
        for (const c of allContainers(pod.spec))
          for (const [name, source] of containerEnv(c, objects()))
            if (source.from === 'secret') {
              expect([source.secret, source.key]).toEqual([`${svc}-secrets`, name]);
              keys.add(name);
            }
      const file = path.join(K8S_DIR, 'examples', `${svc}-secrets.example.yaml`);
      const examples = parseObjects(readFileSync(file, 'utf8'), file);
      expect(examples.map((o) => [o.kind, o.metadata.name, schemaError(o)])).toEqual([
        ['Secret', `${svc}-secrets`, undefined],
      ]);
      const [example] = ofKind(examples, 'Secret');
      expect(Object.keys(example.stringData ?? {}).sort()).toEqual([...keys].sort());
    });

    it('puts a Service and an Ingress in front of the API pods only, trusting one proxy hop', () => {
      const services = ofKind(objects(), 'Service').filter(mine);
      expect(services.map((s) => s.metadata?.name)).toEqual([svc]);
      const servicePort = services[0].spec?.ports?.[0];
      const selector = { matchLabels: services[0].spec?.selector };
      expect(
        pods()
          .filter((p) => selects(selector, p.labels))
          .map((p) => p.owner),
      ).toEqual([`Deployment/${svc}-api`]);
      const api = appPods().find((p) => role(p) === 'api')!;
      expect(
        appContainer(api).ports?.find((p) => p.name === servicePort?.targetPort)?.containerPort,
      ).toBe(port);
      expect(values(api).TRUST_PROXY_HOPS).toBe('1');
      const ingress = named(objects(), 'Ingress', svc);
      const rules = ingress.spec?.rules ?? [];
      const backends = rules.flatMap((r) => r.http?.paths.map((p) => p.backend.service) ?? []);
      expect(backends).toEqual([{ name: svc, port: { name: servicePort?.name } }]);
      const hosts = rules.map((r) => r.host ?? '');
      expect(ingress.spec?.tls?.flatMap((t) => t.hosts)).toEqual(hosts);
      for (const host of hosts)
        expect(host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.(?!invalid$)[a-z]+$/);
    });

    it('scales each Deployment with an autoscaling/v2 HPA and guards it with its own PDB', () => {
      for (const d of ofKind(objects(), 'Deployment').filter(mine)) {
        const name = d.metadata?.name ?? '';
        // The HPA owns the replica count; a number in the Deployment would reset it on apply.
        expect([name, d.spec?.replicas]).toEqual([name, undefined]);
        const hpas = ofKind(objects(), 'HorizontalPodAutoscaler').filter(
          (h) =>
            h.spec?.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
        );
        expect(hpas).toHaveLength(1);
        const { minReplicas = 1, maxReplicas = 0, metrics = [] } = hpas[0].spec ?? {};
        expect(maxReplicas).toBeGreaterThanOrEqual(minReplicas);
        expect(metrics.length).toBeGreaterThan(0);
        if (environment === 'production' && name.endsWith('-api'))
          expect(minReplicas).toBeGreaterThanOrEqual(2);
        const pdbs = ofKind(objects(), 'PodDisruptionBudget').filter((p) =>
          selects(p.spec?.selector, d.spec?.template.metadata?.labels ?? {}),
        );
        expect(pdbs).toHaveLength(1);
        expect(
          pods()
            .filter((p) => selects(pdbs[0].spec?.selector, p.labels))
            .map((p) => p.owner),
        ).toEqual([`Deployment/${name}`]);
      }
    });

    it('isolates every pod; egress only to DNS, PostgreSQL, Redis and HTTPS where it delivers; ingress only to the API port', () => {
      const policies = ofKind(objects(), 'NetworkPolicy');
      for (const pod of pods()) {
        const r = role(pod);
        const egress = [...DNS, 'TCP/5432 anywhere'];
        if (r !== 'migration') egress.push('TCP/6379 anywhere');
        const callsOut = (roles: readonly string[] = []): boolean => roles.includes(r);
        if (callsOut(service.httpsEgress)) egress.push('TCP/443 anywhere');
        if (callsOut(service.smtpEgress)) egress.push('TCP/465 anywhere', 'TCP/587 anywhere');
        expect({
          pod: pod.owner,
          isolated: (['Ingress', 'Egress'] as const).map(
            (d) => isolatingPolicies(policies, pod.labels, d).length > 0,
          ),
          ingress: allowed(policies, pod.labels, 'Ingress'),
          egress: allowed(policies, pod.labels, 'Egress'),
        }).toEqual({
          pod: pod.owner,
          isolated: [true, true],
          ingress: r === 'api' ? [`TCP/${port} anywhere`] : [],
          egress: egress.sort(),
        });
      }
    });
  });
});
