/**
 * @jest-environment node
 *
 * docker-compose.yml cannot run on machines without Docker (CI has none), so this test keeps it
 * consistent with what does run: every service's command is an existing npm script of the
 * workspace it names, the ports are the ones rspack.base.ts and the API use, and the API's
 * environment names are ones api/src/config.ts reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { API_DEV_PORT, HOST_PORT, REMOTES } from '../dev-ports';

const root = path.resolve(__dirname, '..');
interface ComposeService {
  command?: string;
  ports?: string[];
  environment?: Record<string, string>;
  image?: string;
}
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;

function scriptsOf(workspace: string): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  return pkg.scripts ?? {};
}

function hostPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((mapping) => Number(mapping.split(':')[0]));
}

describe('docker-compose.yml', () => {
  it('has the services of docs/architecture.md', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api', 'host', 'mailpit', 'mfe-auth', 'mfe-catalog', 'mfe-dashboard', 'postgres'].sort(),
    );
  });

  it.each(['api', 'host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard'])(
    '%s runs an npm script that exists in its workspace',
    (name) => {
      const match = /^npm run (\S+) -w (\S+)$/.exec(services[name]?.command ?? '');
      expect(match).not.toBeNull();
      const [, script, workspace] = match as RegExpExecArray;
      expect(workspace).toBe(name);
      expect(Object.keys(scriptsOf(workspace as string))).toContain(script);
    },
  );

  it('publishes the dev ports the front-end builds and the API use', () => {
    expect(hostPorts(services.host as ComposeService)).toEqual([HOST_PORT]);
    for (const [remote, port] of Object.entries(REMOTES)) {
      expect(hostPorts(services[`mfe-${remote}`] as ComposeService)).toEqual([port]);
    }
    expect(hostPorts(services.api as ComposeService)).toEqual([API_DEV_PORT]);
    expect(services.api?.environment?.PORT).toBe(String(API_DEV_PORT));
    expect(hostPorts(services.mailpit as ComposeService)).toEqual([1025, 8025]);
    expect(hostPorts(services.postgres as ComposeService)).toEqual([5432]);
  });

  it('gives the API only environment names its config reads, pointing at the compose services', () => {
    const config = fs.readFileSync(path.join(root, 'api/src/config.ts'), 'utf8');
    const env = services.api?.environment ?? {};
    for (const name of Object.keys(env).filter(
      (key) => !['API_PROXY_TARGET', 'DEV_SERVER_HOST'].includes(key),
    )) {
      expect(config).toContain(name);
    }
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('points the dev servers at the api service (the proxy target rspack.base.ts reads)', () => {
    const base = fs.readFileSync(path.join(root, 'rspack.base.ts'), 'utf8');
    expect(base).toContain('process.env.API_PROXY_TARGET');
    for (const name of ['host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard']) {
      expect(services[name]?.environment?.API_PROXY_TARGET).toBe(`http://api:${API_DEV_PORT}`);
    }
  });
});
