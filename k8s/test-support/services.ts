// What the manifests are checked against, read from the code itself: each service's
// configuration class, the platform's HTTP routes and the image the Dockerfile builds.
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type Type } from '@nestjs/common';
import {
  ConfigValidationError,
  GeoScoringConfig,
  loadConfig,
  MaritimeConfig,
  ProxyAdminConfig,
  type ServiceConfig,
} from '@platform/config';
import { PlatformHttpModule } from '@platform/http';
import { instanceToPlain } from 'class-transformer';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ServiceUnderTest {
  name: string;
  config: new () => ServiceConfig;
  /** Which pods deliver to addresses outside the cluster over HTTPS (egress on 443). */
  /** The pod roles that call out on 443 (and, for e-mail alert channels, SMTP's 587 and 465). */
  httpsEgress: readonly ('api' | 'worker')[];
  smtpEgress?: readonly ('api' | 'worker')[];
}

export const SERVICES: ServiceUnderTest[] = [
  // The proxy calls its LLM upstreams from the request path.
  { name: 'proxy-admin', config: ProxyAdminConfig, httpsEgress: ['api'] },
  // Webhook, alert and notification deliveries run in the queue workers.
  { name: 'geo-scoring', config: GeoScoringConfig, httpsEgress: ['worker'] },
  // Alert deliveries run in the workers; a channel's test send runs in the API request.
  {
    name: 'maritime',
    config: MaritimeConfig,
    httpsEgress: ['api', 'worker'],
    smtpEgress: ['api', 'worker'],
  },
];

/**
 * The environment variables a service reads: the `@Expose()`d properties of its configuration
 * class (loadConfig reads exactly those), inherited ones included.
 */
export function variablesRead(config: new () => ServiceConfig): string[] {
  return Object.keys(instanceToPlain(new config(), { strategy: 'excludeAll' })).sort();
}

/** The problems loadConfig reports for these values ("NAME: reason"), none when it accepts them. */
export function configProblems(
  config: new () => ServiceConfig,
  env: Record<string, string>,
): string[] {
  try {
    loadConfig(config, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
}

export interface Route {
  method: string;
  path: string;
}

/** The routes every service gets from the platform (probes and metrics), as Nest declares them. */
export function platformRoutes(): Route[] {
  const module = PlatformHttpModule.forRoot({
    service: 'k8s',
    logLevel: 'silent',
    readinessChecks: [],
  });
  return (module.controllers ?? []).flatMap((controller: Type<unknown>) => {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(proto).flatMap((key) => {
      const handler = proto[key];
      if (key === 'constructor' || typeof handler !== 'function') return [];
      const sub: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (sub === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const joined = [base, String(sub)]
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      return [{ method, path: joined.startsWith('/') ? joined : `/${joined}` }];
    });
  });
}

export interface ImageFacts {
  /** The numeric user the image runs as (USER uid[:gid]). */
  uid: number;
  exposedPorts: number[];
  /** The image's CMD (exec form). */
  command: string[];
}

/** What docker/Dockerfile builds for a service's target: the stage and the stages below it. */
export function imageFacts(service: string): ImageFacts {
  const text = readFileSync(path.join(REPO_ROOT, 'docker', 'Dockerfile'), 'utf8');
  // Comment lines go first (they may sit inside a continued instruction), then continuations join.
  const lines = text
    .split(/\r?\n/)
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n')
    .replace(/\\[ \t]*\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const stages = new Map<string, { base: string; lines: string[] }>();
  let current: string[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from)
      stages.set((from[2] ?? from[1]).toLowerCase(), { base: from[1], lines: (current = []) });
    else current.push(line);
  }
  const chain: string[] = [];
  for (let s = stages.get(service); s; s = stages.get(s.base.toLowerCase()))
    chain.unshift(...s.lines);
  const last = (keyword: string) =>
    chain
      .filter((l) => l.toUpperCase().startsWith(`${keyword} `))
      .map((l) => l.slice(keyword.length).trim())
      .pop();
  const user = last('USER');
  const cmd = last('CMD');
  if (!user || !/^\d+(:\d+)?$/.test(user))
    throw new Error(`${service}: USER must be numeric, is ${user}`);
  if (!cmd) throw new Error(`${service}: no CMD`);
  return {
    uid: Number(user.split(':')[0]),
    exposedPorts: chain
      .filter((l) => /^EXPOSE\s/i.test(l))
      .flatMap((l) =>
        l
          .split(/\s+/)
          .slice(1)
          .map((p) => Number.parseInt(p, 10)),
      ),
    command: JSON.parse(cmd) as string[],
  };
}
