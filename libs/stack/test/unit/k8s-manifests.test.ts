/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped YAML, checked by shape below */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import {
  busPasswordVariable,
  PROCESS_NAMES,
  PROCESSES,
  productionBusAuthorization,
  RENDER_CONSUMERS,
  Streams,
  UPSTREAMS,
  upstreamUrlVariable,
  type ProcessName,
} from '@app/contracts';
import { drainEnv, SECRET_VARIABLES } from '@app/kit';
import { fromRoot } from '../../src/paths.js';
import { modelModule, unknownFields } from '../support/k8s-strict.js';

/**
 * deploy/k8s renders with `kubectl kustomize` (kustomize is built into kubectl; no standalone kustomize binary and no
 * JavaScript port of it exists here, so kubectl is required — it is on these machines and in CI) and every rendered
 * object validates offline against the Kubernetes and KEDA schemas (kubernetes-models, @kubernetes-models/keda).
 * Then the checks that matter in production: resources, probes, non-root pods, and each variable reaching exactly
 * the processes that read it.
 */

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [k: string]: any;
};
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
    fieldRef?: unknown;
  };
};
type Container = {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  livenessProbe?: any;
  readinessProbe?: any;
  startupProbe?: any;
  lifecycle?: { preStop?: { sleep?: { seconds: number } } };
  command?: string[];
  args?: string[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: any;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
};

type Process = ProcessName;
const OVERLAYS = { production: 'aritmetica', dev: 'aritmetica-dev' } as const;
type Overlay = keyof typeof OVERLAYS;

function kustomize(overlay: Overlay): Obj[] {
  const dir = fromRoot('deploy', 'k8s', 'overlays', overlay);
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        'kubectl is not installed: it renders deploy/k8s (`kubectl kustomize`). Install kubectl (it bundles kustomize).',
      );
    }
    throw new Error(`kubectl kustomize ${dir} failed: ${e.stderr ?? e.message}`);
  }
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Obj | null)
    .filter((o): o is Obj => o !== null);
}

/** apiVersion + kind → the model class that carries the schema (kubernetes-models 5 is ES modules only). */
async function modelFor(o: Obj): Promise<new (data: unknown) => { validate(): void }> {
  const mod = (await import(modelModule(o))) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = mod[o.kind];
  if (!model) throw new Error(`no model for ${o.apiVersion} ${o.kind}`);
  return model;
}

/**
 * Which variables each process reads: the keys of the schema it validates at boot, its definition's `configSchema`
 * (libs/kit service.ts: the base variables, DATABASE_URL when it has a database, and its own).
 */
async function variablesRead(): Promise<Record<Process, Set<string>>> {
  const out = {} as Record<Process, Set<string>>;
  for (const name of PROCESS_NAMES) {
    const file = fromRoot(PROCESSES[name].folder, 'src', 'service.ts');
    const { service } = (await import(pathToFileURL(file).href)) as {
      service: { configSchema: z.ZodObject };
    };
    out[name] = new Set(Object.keys(service.configSchema.shape));
  }
  return out;
}

/**
 * kustomize's secretGenerator folds base64 values longer than 70 characters onto several lines; the API server's
 * decoder (Go's encoding/base64) skips the newlines, the schema's "byte" pattern does not: validate them unfolded.
 */
function withUnwrappedBase64(o: Obj): Obj {
  if (o.kind !== 'Secret' || !o.data) return o;
  const data = Object.fromEntries(
    Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]),
  );
  return { ...o, data };
}

const podSpecOf = (o: Obj) => o.spec.template.spec as { containers: Container[]; [k: string]: any };
const decode = (b64: string) => Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8');

describe.each(Object.keys(OVERLAYS) as Overlay[])('deploy/k8s/overlays/%s', (overlay) => {
  const namespace = OVERLAYS[overlay];
  let objects: Obj[];
  let reads: Record<Process, Set<string>>;
  const find = (kind: string, name: string) => {
    const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
    if (!o) throw new Error(`${kind}/${name} is not rendered`);
    return o;
  };
  const configMap = (name: string) => find('ConfigMap', name).data as Record<string, string>;
  const deployment = (name: Process) => find('Deployment', name);
  const container = (name: Process) => podSpecOf(deployment(name)).containers.find((c) => c.name === name)!;
  /** Every variable a process's container gets, and where each value comes from. */
  const envOf = (name: Process) => {
    const c = container(name);
    const vars = new Map<
      string,
      { from: 'configMap' | 'secret' | 'value' | 'field'; ref?: string; key?: string }
    >();
    for (const src of c.envFrom ?? []) {
      if (src.secretRef) throw new Error(`${name}: envFrom a Secret hands over every key; use secretKeyRef`);
      const cm = src.configMapRef!.name;
      for (const key of Object.keys(configMap(cm))) vars.set(key, { from: 'configMap', ref: cm, key });
    }
    for (const v of c.env ?? []) {
      const vf = v.valueFrom;
      if (vf?.secretKeyRef)
        vars.set(v.name, { from: 'secret', ref: vf.secretKeyRef.name, key: vf.secretKeyRef.key });
      else if (vf?.configMapKeyRef)
        vars.set(v.name, { from: 'configMap', ref: vf.configMapKeyRef.name, key: vf.configMapKeyRef.key });
      else if (vf?.fieldRef) vars.set(v.name, { from: 'field' });
      else vars.set(v.name, { from: 'value' });
    }
    return vars;
  };

  // Imports every process's definition (its variables): slow on a busy machine.
  beforeAll(async () => {
    objects = kustomize(overlay);
    reads = await variablesRead();
  });

  it('renders, and every object validates against the Kubernetes or KEDA schema, unknown fields refused', async () => {
    expect(objects.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const o of objects) {
      try {
        new (await modelFor(o))(withUnwrappedBase64(o)).validate();
      } catch (err) {
        problems.push(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(unknownFields(objects)).toEqual([]);
    const kinds = new Set(objects.map((o) => o.kind));
    for (const k of [
      'Deployment',
      'Service',
      'StatefulSet',
      'Gateway',
      'HTTPRoute',
      'PodDisruptionBudget',
      'ScaledObject',
    ])
      expect(kinds, k).toContain(k);
    for (const o of objects.filter((x) => x.kind !== 'Namespace'))
      expect(o.metadata.namespace).toBe(namespace);
  });

  it('runs a Deployment and a ClusterIP Service for the gateway and every service, image tag from the overlay', () => {
    for (const name of PROCESS_NAMES) {
      const d = deployment(name);
      const c = container(name);
      expect(c.image, name).toMatch(new RegExp(`^ghcr\\.io/example/aritmetica-${name}:[\\w.-]+$`));
      const svc = find('Service', name);
      expect(svc.spec.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(svc.spec.selector).toEqual(d.spec.selector.matchLabels);
      expect(d.spec.template.metadata.labels).toMatchObject(d.spec.selector.matchLabels);
      const target = svc.spec.ports[0].targetPort;
      expect(
        c.ports?.some((p) => p.name === target || p.containerPort === target),
        name,
      ).toBe(true);
    }
  });

  it('gives every container requests, limits, probes and a non-root, locked-down security context', () => {
    const workloads = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
    expect(workloads.length).toBe(PROCESS_NAMES.length + 1);
    for (const w of workloads) {
      const pod = podSpecOf(w);
      for (const c of [...pod.containers, ...(pod.initContainers ?? [])] as Container[]) {
        const at = `${w.kind}/${w.metadata.name}/${c.name}`;
        for (const kind of ['requests', 'limits'] as const)
          for (const r of ['cpu', 'memory'])
            expect(c.resources?.[kind]?.[r], `${at} ${kind}.${r}`).toBeTruthy();
        expect(c.livenessProbe, `${at} liveness`).toBeTruthy();
        expect(c.readinessProbe, `${at} readiness`).toBeTruthy();
        const sc = c.securityContext ?? {};
        const podSc = pod.securityContext ?? {};
        expect(sc.runAsNonRoot ?? podSc.runAsNonRoot, `${at} runAsNonRoot`).toBe(true);
        expect(sc.runAsUser ?? podSc.runAsUser, `${at} runAsUser`).toBe(1000);
        expect(sc.allowPrivilegeEscalation, `${at} allowPrivilegeEscalation`).toBe(false);
        expect(sc.capabilities?.drop, `${at} capabilities`).toEqual(['ALL']);
        expect((sc.seccompProfile ?? podSc.seccompProfile)?.type, `${at} seccomp`).toBe('RuntimeDefault');
        expect(sc.readOnlyRootFilesystem, `${at} readOnlyRootFilesystem`).toBe(true);
        // A read-only root needs a writable /tmp (Node's and Chromium's temporary files, nats' pid file).
        const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect(tmp, `${at} /tmp`).toBeTruthy();
        expect(
          pod.volumes.find((v: { name: string }) => v.name === tmp!.name)?.emptyDir,
          `${at} /tmp`,
        ).toBeTruthy();
      }
    }
  });

  it('scales the gateway and every service on CPU with an HPA that owns the count, within what Postgres holds', () => {
    const scaled = PROCESS_NAMES.filter((process) => process !== 'pdf-worker');
    let connections = 0;
    for (const name of scaled) {
      const hpa = find('HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef, name).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas, name).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas, name).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics, name).toEqual([
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ]);
      // A count in the Deployment would undo the HPA's at every apply.
      expect(deployment(name).spec.replicas, name).toBeUndefined();
      // A utilization target needs the container's CPU request.
      expect(container(name).resources?.requests?.cpu, name).toBeTruthy();
      const pool = envOf(name).get('DB_POOL_MAX');
      if (reads[name].has('DATABASE_URL')) {
        expect(pool?.ref, name).toBeDefined();
        connections += hpa.spec.maxReplicas * (Number(configMap(pool!.ref!).DB_POOL_MAX) + 1);
      }
    }
    // At every service's most replicas, each pool full and its migrations' lock held: under Postgres's default 100.
    expect(connections).toBeLessThanOrEqual(90);
  });

  it('migrates each schema once, in a Job as the database owner, before its services start as a role without DDL', () => {
    const jobs = objects.filter((o) => o.kind === 'Job');
    const withDatabase = PROCESS_NAMES.filter((name) => reads[name].has('DATABASE_URL'));
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(
      withDatabase.map((n) => `migrate-${n}`).sort(),
    );
    for (const name of withDatabase) {
      const job = find('Job', `migrate-${name}`);
      const pod = podSpecOf(job);
      const [c] = pod.containers;
      // The service's own image (its migrations), run as the owner, then done.
      expect(c!.image).toBe(container(name).image);
      expect(pod.restartPolicy).toBe('OnFailure');
      const env = new Map((c!.env ?? []).map((v) => [v.name, v]));
      expect(env.get('DB_MIGRATIONS')?.value).toBe('only');
      // (dev generates its Secrets: their names end in a hash)
      const owner = env.get('DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(owner?.name).toMatch(/^aritmetica-database-owner(-[a-z0-9]+)?$/);
      expect(owner?.key).toBe('DATABASE_URL');
      expect(c!.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(c!.resources?.limits?.memory).toBeTruthy();
      // The service itself only checks, with the app's URL.
      const migrations = envOf(name).get('DB_MIGRATIONS');
      expect(configMap(migrations!.ref!).DB_MIGRATIONS, name).toBe('verify');
      expect(envOf(name).get('DATABASE_URL')?.ref, name).toMatch(/^aritmetica-database(-[a-z0-9]+)?$/);
      expect(envOf(name).get('DATABASE_URL')?.ref, name).not.toContain('owner');
    }
    // The Jobs reach Postgres.
    const policy = find('NetworkPolicy', 'migrations-to-postgres');
    expect(policy.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/component': 'migrate' });
    expect(policy.spec.egress[0].ports).toEqual([{ port: 5432, protocol: 'TCP' }]);
  });

  it('keeps every process that serves requests in its endpoints a while after it starts terminating, then drains', () => {
    for (const name of PROCESS_NAMES.filter((process) => process !== 'pdf-worker')) {
      const sleep = container(name).lifecycle?.preStop?.sleep?.seconds;
      // The endpoints controller and each node's proxy take a few seconds to forget a terminating pod.
      expect(sleep, name).toBeGreaterThanOrEqual(5);
      // The grace period holds the delay, the drain of its open connections after SIGTERM (kit http-drain.ts) and
      // a few seconds to stop its consumers and drain NATS.
      const drainSeconds = drainEnv.shape.HTTP_DRAIN_MS.parse(undefined) / 1000;
      expect(podSpecOf(deployment(name)).terminationGracePeriodSeconds, name).toBeGreaterThanOrEqual(
        sleep! + drainSeconds + 5,
      );
    }
    // The pdf-worker takes its jobs from NATS, not from a Service: its SIGTERM stops the consumers at once.
    expect(container('pdf-worker').lifecycle).toBeUndefined();
  });

  it('probes each process on its real port: /health for liveness, /ready for readiness', () => {
    for (const name of PROCESS_NAMES) {
      const c = container(name);
      const env = envOf(name);
      const port = Number(configMap(env.get('PORT')!.ref!)[env.get('PORT')!.key!]);
      expect(c.ports?.find((p) => p.name === 'http')?.containerPort, name).toBe(port);
      expect(c.livenessProbe.httpGet).toMatchObject({ path: '/health', port: 'http' });
      expect(c.readinessProbe.httpGet).toMatchObject({ path: '/ready', port: 'http' });
      const host = env.get('HOST')!;
      expect(configMap(host.ref!)[host.key!], `${name} HOST`).toBe('0.0.0.0');
    }
    // Chromium's warm-up: a startup probe keeps liveness from killing a worker that is still opening its browser.
    const worker = deployment('pdf-worker');
    expect(container('pdf-worker').startupProbe?.httpGet?.path).toBe('/health');
    const shm = container('pdf-worker').volumeMounts?.find((m) => m.mountPath === '/dev/shm');
    const shmVolume = podSpecOf(worker).volumes.find((v: { name: string }) => v.name === shm?.name);
    expect(shmVolume?.emptyDir?.medium).toBe('Memory');
  });

  it('asks Prometheus to scrape /metrics of every process: services on their port, the gateway on METRICS_PORT', () => {
    for (const name of PROCESS_NAMES) {
      const annotations = deployment(name).spec.template.metadata.annotations ?? {};
      expect(annotations, name).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/path': '/metrics',
      });
      const ports = container(name).ports ?? [];
      const scraped = Number(annotations['prometheus.io/port']);
      const env = envOf(name);
      if (name === 'gateway') {
        // A port of its own, next to the public one (the only one the Service and the public Gateway reach).
        const metricsPort = Number(configMap(env.get('METRICS_PORT')!.ref!)[env.get('METRICS_PORT')!.key!]);
        expect(ports.find((p) => p.name === 'metrics')?.containerPort).toBe(metricsPort);
        expect(scraped).toBe(metricsPort);
        expect(find('Service', name).spec.ports.map((p: { targetPort: unknown }) => p.targetPort)).toEqual([
          'http',
        ]);
      } else expect(ports.find((p) => p.name === 'http')?.containerPort, name).toBe(scraped);
    }
  });

  it('sets only variables a process reads, each documented in .env.example', () => {
    const documented = readFileSync(fromRoot('.env.example'), 'utf8');
    for (const name of PROCESS_NAMES) {
      for (const variable of envOf(name).keys()) {
        expect(reads[name].has(variable), `${name} does not read ${variable}`).toBe(true);
        expect(documented, `${variable} in .env.example`).toMatch(new RegExp(`^#? ?${variable}=`, 'm'));
      }
      // Never a test stack's subject prefix in a deployment.
      expect(envOf(name).has('NATS_PREFIX'), `${name} NATS_PREFIX`).toBe(false);
    }
  });

  it('hands every secret and provider setting to exactly the processes that read it, secrets from Secrets', () => {
    const provider = [
      'PUBLIC_URL',
      'GOOGLE_CLIENT_ID',
      'MP_PUBLIC_KEY',
      'SMTP_URL',
      'ADMIN_EMAIL',
      'DATABASE_URL',
    ];
    const secret = new Set<string>([...SECRET_VARIABLES, 'DATABASE_URL', 'SMTP_URL']);
    for (const variable of [...SECRET_VARIABLES, ...provider]) {
      const readers = PROCESS_NAMES.filter((p) => reads[p].has(variable));
      const given = PROCESS_NAMES.filter((p) => envOf(p).has(variable));
      expect(given, variable).toEqual(readers);
      for (const p of given) {
        const src = envOf(p).get(variable)!;
        if (secret.has(variable)) {
          expect(src.from, `${p} ${variable}`).toBe('secret');
          expect(src.key).toBe(variable);
        } else expect(src.from, `${p} ${variable}`).toBe('configMap');
      }
    }
    // The spot checks the brief names, spelled out.
    expect(PROCESS_NAMES.filter((p) => envOf(p).has('MP_ACCESS_TOKEN'))).toEqual(['billing']);
    expect(PROCESS_NAMES.filter((p) => envOf(p).has('JWT_SECRET'))).toEqual(['gateway', 'auth']);
    expect(PROCESS_NAMES.filter((p) => envOf(p).has('INTERNAL_SECRET'))).toEqual(PROCESS_NAMES);
    // A Secret holds one kind of credential: no process can read another's key from a shared Secret by mistake.
    const secrets = objects.filter((o) => o.kind === 'Secret');
    for (const s of secrets) {
      for (const p of PROCESS_NAMES)
        for (const [variable, src] of envOf(p))
          if (src.from === 'secret' && src.ref === s.metadata.name)
            expect(Object.keys(s.data ?? {}), `${s.metadata.name}`).toContain(variable);
    }
  });

  it('holds no real secret: placeholders in dev, nothing rendered in production', () => {
    const secrets = objects.filter((o) => o.kind === 'Secret');
    if (overlay === 'production') {
      expect(secrets).toEqual([]);
      expect(configMap(envOf('auth').get('NODE_ENV')!.ref!).NODE_ENV).toBe('production');
    } else {
      // The six of the processes' settings, the migrate Jobs' database owner, a password on the bus for each process.
      expect(secrets.length).toBe(7 + PROCESS_NAMES.length);
      for (const s of secrets)
        for (const [key, value] of Object.entries(s.data as Record<string, string>))
          expect(decode(value), `${s.metadata.name}.${key}`).toMatch(/change-me/);
    }
    // ConfigMaps carry no credential.
    for (const cm of objects.filter((o) => o.kind === 'ConfigMap'))
      for (const key of Object.keys(cm.data ?? {}))
        expect(secret(key), `${cm.metadata.name}.${key}`).toBe(false);
    function secret(key: string) {
      return [...SECRET_VARIABLES, 'DATABASE_URL', 'SMTP_URL'].includes(key);
    }
  });

  it('runs NATS with JetStream as a 3-node cluster behind a headless Service', () => {
    const sts = find('StatefulSet', 'nats');
    expect(sts.spec.replicas).toBe(3);
    const svc = find('Service', sts.spec.serviceName);
    expect(svc.spec.clusterIP).toBe('None');
    expect(svc.spec.ports.map((p: { port: number }) => p.port).sort()).toEqual([4222, 6222, 8222]);
    expect(sts.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBeTruthy();
    const configName = sts.spec.template.spec.volumes.find((v: any) => v.name === 'config').configMap.name;
    const conf = configMap(configName)['nats.conf']!;
    expect(conf).toMatch(/jetstream\s*\{/);
    for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.${svc.metadata.name}:6222`);
    // The processes reach it by the Service's name.
    expect(configMap(envOf('auth').get('NATS_URL')!.ref!).NATS_URL).toBe(`nats://${svc.metadata.name}:4222`);
    // Every stream is kept on each node of the cluster: one node down stops no queue.
    expect(configMap(envOf('auth').get('NATS_STREAM_REPLICAS')!.ref!).NATS_STREAM_REPLICAS).toBe(
      String(sts.spec.replicas),
    );
  });

  it("scales the pdf-worker with KEDA on the preview, the document, the class set and the sets' versions consumers of JOBS_PDF", async () => {
    const so = find('ScaledObject', 'pdf-worker');
    expect(so.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'pdf-worker' });
    expect(so.spec.minReplicaCount).toBe(1);
    expect(so.spec.maxReplicaCount).toBe(overlay === 'production' ? 10 : 3);
    const triggers = so.spec.triggers as Array<{ type: string; metadata: Record<string, string> }>;
    expect(triggers.map((t) => t.metadata.consumer)).toEqual([
      RENDER_CONSUMERS.preview,
      RENDER_CONSUMERS.document,
      RENDER_CONSUMERS.set,
      RENDER_CONSUMERS.version,
    ]);
    for (const trigger of triggers) {
      expect(trigger.type).toBe('nats-jetstream');
      expect(Object.keys(Streams)).toContain(trigger.metadata.stream);
      expect(trigger.metadata).toMatchObject({
        natsServerMonitoringEndpoint: `nats.${namespace}.svc.cluster.local:8222`,
        account: '$G',
        stream: 'JOBS_PDF',
      });
    }
    expect(triggers.map((t) => t.metadata.lagThreshold)).toEqual(['40', '10', '5', '10']);
    // KEDA owns the worker's replica count: an apply must not reset it.
    expect(deployment('pdf-worker').spec.replicas).toBeUndefined();
  });

  it('runs the bus with a user per process (the generated authorization), TLS for clients and routes', () => {
    const sts = find('StatefulSet', 'nats');
    const spec = sts.spec.template.spec;
    const config = configMap(spec.volumes.find((v: any) => v.name === 'config').configMap.name);
    expect(config['authorization.conf']).toBe(productionBusAuthorization());
    const conf = config['nats.conf']!;
    expect(conf).toContain('include ./authorization.conf');
    // Clients and routes: TLS with the certificate of the Secret nats-tls; the routes verify each other.
    expect(conf.match(/tls \{[^}]*cert_file: \/etc\/nats-tls\/tls\.crt/g)?.length).toBe(2);
    expect(conf).toMatch(/cluster \{[\s\S]*tls \{[^}]*verify: true/);
    expect(spec.volumes.find((v: any) => v.name === 'tls').secret.secretName).toBe('nats-tls');
    const natsEnv = new Map<string, EnvVar>((spec.containers[0].env as EnvVar[]).map((v) => [v.name, v]));
    for (const p of PROCESS_NAMES) {
      // NATS reads each process's password from the Secret the process reads it from.
      const variable = busPasswordVariable(p);
      expect(config['authorization.conf']).toContain(`password: $${variable}`);
      // (The dev overlay's generated Secrets carry a hash after the name.)
      const secretName = expect.stringMatching(new RegExp(`^aritmetica-nats-${p}(-[a-z0-9]+)?$`));
      expect(natsEnv.get(variable)?.valueFrom?.secretKeyRef, variable).toEqual({
        name: secretName,
        key: 'NATS_PASSWORD',
      });
      const env = envOf(p);
      expect(env.get('NATS_USER'), p).toEqual({ from: 'value' });
      expect(container(p).env!.find((v) => v.name === 'NATS_USER')!.value).toBe(p);
      expect(env.get('NATS_PASSWORD'), p).toEqual({ from: 'secret', ref: secretName, key: 'NATS_PASSWORD' });
      expect(env.get('NATS_PASSWORD')!.ref).toBe(natsEnv.get(variable)!.valueFrom!.secretKeyRef!.name);
      // The CA, mounted where NATS_TLS_CA says, from the Secret nats-tls (its CA only).
      const caPath = configMap(env.get('NATS_TLS_CA')!.ref!).NATS_TLS_CA!;
      const mount = container(p).volumeMounts!.find((m) => m.name === 'nats-tls')!;
      expect(caPath.startsWith(`${mount.mountPath}/`), p).toBe(true);
      const volume = podSpecOf(deployment(p)).volumes.find((v: any) => v.name === 'nats-tls');
      expect(volume.secret).toEqual({ secretName: 'nats-tls', items: [{ key: 'ca.crt', path: 'ca.crt' }] });
    }
  });

  it('denies all traffic by default and allows each path the system uses', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const byName = new Map(policies.map((p) => [p.metadata.name, p.spec]));
    expect(byName.get('default-deny')).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    /** The policies that select a pod of `app`. */
    const selecting = (app: string) =>
      policies.filter((p) => {
        const sel = p.spec.podSelector;
        if (!sel.matchLabels && !sel.matchExpressions) return true;
        if (sel.matchLabels) return sel.matchLabels['app.kubernetes.io/name'] === app;
        return sel.matchExpressions.some((e: any) => e.operator === 'In' && e.values.includes(app));
      });
    const egressPorts = (app: string) =>
      selecting(app).flatMap((p) =>
        (p.spec.egress ?? []).flatMap((e: any) => e.ports.map((x: any) => x.port)),
      );
    const ingressPorts = (app: string) =>
      selecting(app).flatMap((p) =>
        (p.spec.ingress ?? []).flatMap((i: any) => i.ports.map((x: any) => x.port)),
      );
    for (const p of PROCESS_NAMES) {
      expect(egressPorts(p), p).toEqual(expect.arrayContaining([53, 4222]));
      if (p !== 'gateway' && p !== 'pdf-worker') expect(egressPorts(p), p).toContain(5432);
    }
    expect(egressPorts('pdf-worker')).not.toContain(5432);
    expect(egressPorts('gateway')).toContain(3000);
    expect(ingressPorts('gateway')).toEqual(expect.arrayContaining([8080, 9464]));
    for (const u of UPSTREAMS) expect(ingressPorts(u), u).toContain(3000);
    expect(ingressPorts('nats')).toEqual(expect.arrayContaining([4222, 6222, 8222]));
    expect(egressPorts('nats')).toContain(6222);
    // The services' HTTP port is the one the gateway is pointed at.
    const gatewayConfig = configMap(envOf('gateway').get(upstreamUrlVariable('pages'))!.ref!);
    expect(new URL(gatewayConfig[upstreamUrlVariable('pages')]!).port).toBe('3000');
  });

  it('protects replicated Deployments with a PodDisruptionBudget and routes the public Gateway to the gateway', () => {
    const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    const covered = (labels: Record<string, string>) =>
      pdbs.some((p) =>
        Object.entries(p.spec.selector.matchLabels as Record<string, string>).every(
          ([k, v]) => labels[k] === v,
        ),
      );
    // Every Deployment behind the public Gateway (the gateway and each upstream it routes to) and the worker has a budget,
    // one any replica count can honour (at most one pod down: a drain never waits for ever) ...
    for (const name of PROCESS_NAMES) {
      const d = deployment(name);
      expect(covered(d.spec.template.metadata.labels), `${name} PDB`).toBe(true);
    }
    for (const pdb of pdbs) {
      expect(pdb.spec.maxUnavailable, pdb.metadata.name).toBe(1);
      expect(pdb.spec.minAvailable, pdb.metadata.name).toBeUndefined();
    }
    // ... and in production enough replicas that one always serves while another is drained.
    if (overlay === 'production')
      for (const name of [...UPSTREAMS, 'gateway' as const])
        expect(find('HorizontalPodAutoscaler', name).spec.minReplicas, name).toBeGreaterThan(1);
    // Gateway API: HTTPS to the gateway Service, on the overlay's host with its certificate; HTTP only redirects.
    const site = find('Gateway', 'site');
    const [https, http] = site.spec.listeners;
    expect([https.protocol, https.port, http.protocol, http.port]).toEqual(['HTTPS', 443, 'HTTP', 80]);
    const host: string = https.hostname;
    expect(host).not.toMatch(/example\.invalid/);
    expect(http.hostname).toBe(host);
    expect(https.tls.certificateRefs[0].name).toBeTruthy();
    const route = find('HTTPRoute', 'gateway');
    expect(route.spec.parentRefs).toEqual([{ name: 'site', sectionName: 'https' }]);
    expect(route.spec.hostnames).toEqual([host]);
    const gatewayService = find('Service', 'gateway');
    for (const rule of route.spec.rules)
      expect(rule.backendRefs).toEqual([{ name: 'gateway', port: gatewayService.spec.ports[0].port }]);
    // The live stream has no request deadline; every other path keeps the controller's.
    const stream = route.spec.rules.find((r: any) => r.timeouts);
    expect(stream.matches).toEqual([{ path: { type: 'Exact', value: '/api/memberEvents' } }]);
    expect(stream.timeouts).toEqual({ request: '0s' });
    const redirect = find('HTTPRoute', 'https-redirect');
    expect(redirect.spec.parentRefs).toEqual([{ name: 'site', sectionName: 'http' }]);
    expect(redirect.spec.hostnames).toEqual([host]);
    expect(redirect.spec.rules).toEqual([
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
    ]);
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    // The site's address the services put in links is the Gateway's host.
    expect(configMap(envOf('billing').get('PUBLIC_URL')!.ref!).PUBLIC_URL).toContain(host);
  });

  it('points the gateway at each upstream Service on its port', () => {
    const gw = configMap('gateway-config');
    for (const name of UPSTREAMS) {
      const svc = find('Service', name);
      expect(gw[upstreamUrlVariable(name)]).toBe(`http://${name}:${svc.spec.ports[0].port}`);
    }
  });

  it('needs no Redis (the limits are shared through NATS) and trusts the proxy hop', () => {
    expect(PROCESS_NAMES.filter((p) => envOf(p).has('REDIS_URL'))).toEqual([]);
    // The client's address comes from the Gateway proxy's X-Forwarded-For, past its (private) pod addresses.
    const trust = envOf('gateway').get('TRUST_PROXY')!;
    expect(trust.from).toBe('configMap');
    expect(configMap(trust.ref!)[trust.key!]).toBe('uniquelocal');
    expect(PROCESS_NAMES.filter((p) => envOf(p).has('TRUST_PROXY'))).toEqual(['gateway']);
  });
});
