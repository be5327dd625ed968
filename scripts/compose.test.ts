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
import { CONFIG_ENV_NAMES } from '../api/src/config-env-names';
import { API_DEV_PORT, HOST_PORT, REMOTES } from '../dev-ports';

const root = path.resolve(__dirname, '..');
const rootDir = root;
interface ComposeService {
  command?: string | string[];
  ports?: string[];
  environment?: Record<string, string>;
  image?: string;
  profiles?: string[];
  volumes?: string[];
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
  const devServices = Object.keys(services).filter(
    (name) => !services[name]?.profiles?.includes('production'),
  );

  it('has the services of docs/architecture.md', () => {
    expect(devServices.sort()).toEqual(
      ['api', 'host', 'mailpit', 'mfe-auth', 'mfe-catalog', 'mfe-dashboard', 'postgres'].sort(),
    );
  });

  it.each(['api', 'host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard'])(
    '%s runs an npm script that exists in its workspace',
    (name) => {
      const match = /^npm run (\S+) -w (\S+)$/.exec(String(services[name]?.command ?? ''));
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

describe('docker-compose.yml production profile (README "Run in production")', () => {
  const prod = ['api-1', 'api-2', 'build', 'lb', 'minio', 'redis'];
  const configNames = new Set<string>(CONFIG_ENV_NAMES);

  it('adds nginx in front of two API replicas, Redis, MinIO and a one-off build, only in that profile', () => {
    expect(
      Object.keys(services)
        .filter((name) => services[name]?.profiles?.includes('production'))
        .sort(),
    ).toEqual(prod);
    expect(services.lb?.image).toMatch(/^nginx/);
    expect(services.redis?.image).toMatch(/^redis/);
    expect(services.minio?.image).toMatch(/^minio\//);
  });

  it('runs the replicas with npm start (no build) and the build with npm run build, scripts that exist', () => {
    const root = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')).scripts;
    expect(services['api-1']?.command).toBe('npm start -- --no-build');
    expect(services['api-2']?.command).toBe('npm start -- --no-build');
    expect(fs.readFileSync(path.join(rootDir, 'scripts/start.mjs'), 'utf8')).toContain("'no-build'");
    expect(services.build?.command).toBe('npm run build');
    expect(Object.keys(root)).toEqual(expect.arrayContaining(['start', 'build']));
    // The replicas run the compiled API, built once by the build service (no tsx at run time).
    expect(root.build).toMatch(/^npm run build -w api && /);
    expect(fs.readFileSync(path.join(rootDir, 'scripts/start.mjs'), 'utf8')).toContain('api/dist/server.js');
  });

  it('gives both replicas the same shared engines and secrets, with names the API config reads', () => {
    const [one, two] = [services['api-1']?.environment ?? {}, services['api-2']?.environment ?? {}];
    for (const env of [one, two]) {
      for (const name of Object.keys(env).filter((key) => !key.startsWith('AWS_'))) {
        expect(configNames.has(name)).toBe(true);
      }
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379\//);
      expect(env.STORAGE_URL).toMatch(/^s3:\/\/[a-z0-9-]+\?endpoint=http:\/\/minio:9000/);
      expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
      expect(env.NODE_ENV).toBe('production');
      expect((env.JWT_SECRET ?? '').length).toBeGreaterThanOrEqual(32);
    }
    const shared = ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'SMTP_URL'];
    for (const name of shared) expect(two[name]).toBe(one[name]);
    expect(two.DATA_DIR).not.toBe(one.DATA_DIR);
    expect(one.AWS_ACCESS_KEY_ID).toBe(services.minio?.environment?.MINIO_ROOT_USER);
    expect(one.AWS_SECRET_ACCESS_KEY).toBe(services.minio?.environment?.MINIO_ROOT_PASSWORD);
  });

  it('gives both replicas one deploy token per remote for the release flow (README "Ship a remote")', () => {
    const [one, two] = [services['api-1']?.environment ?? {}, services['api-2']?.environment ?? {}];
    expect(two.DEPLOY_TOKENS).toBe(one.DEPLOY_TOKENS);
    // `<remote>:<token>` pairs, as api/src/config.ts parseDeployTokens reads them.
    const tokens = (one.DEPLOY_TOKENS ?? '').split(',').map((pair) => {
      const [remote, token] = pair.split(':');
      return { remote, token: token ?? '' };
    });
    expect(tokens.map((entry) => entry.remote).sort()).toEqual(Object.keys(REMOTES).sort());
    for (const { token } of tokens) expect(token.length).toBeGreaterThanOrEqual(16);
    const root = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')).scripts;
    expect(root.release).toMatch(/scripts\/release\.mts$/);
    expect(fs.existsSync(path.join(rootDir, 'scripts/release.mts'))).toBe(true);
    // nginx lets a whole release through (the API's limit is 50 MB).
    const volume = (services.lb?.volumes ?? []).find((entry) => entry.includes('nginx.conf')) ?? '';
    const conf = fs.readFileSync(path.join(rootDir, volume.split(':')[0] as string), 'utf8');
    expect(Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1])).toBeGreaterThanOrEqual(50);
  });

  it('points nginx at both replicas on the port they listen on', () => {
    const volume = (services.lb?.volumes ?? []).find((entry) => entry.includes('nginx.conf')) ?? '';
    const conf = fs.readFileSync(path.join(rootDir, volume.split(':')[0] as string), 'utf8');
    const port = services['api-1']?.environment?.PORT;
    expect(conf).toContain(`server api-1:${port}`);
    expect(conf).toContain(`server api-2:${port}`);
    expect(conf).toMatch(/proxy_pass http:\/\/campus_api;/);
  });
});
