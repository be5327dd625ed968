/**
 * The remote registry (remote-registry.ts): 'Try again' bumps the remote's generation,
 * re-registers it with force, and from then on its entry script is asked for with `?retry=N`
 * (a failed <link rel="preload"> of the same URL would otherwise answer the new <script>); an
 * exposed module's code runs in a task after the one that loaded its chunks.
 */
import {
  loadRemoteComponent,
  registerRemotesConfig,
  remoteGeneration,
  retryRemote,
  retryScripts,
} from './remote-registry';

const registered: { remotes: { name: string; entry: string }[]; options?: { force?: boolean } }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) =>
    registered.push({ remotes, options }),
  registerPlugins: () => {},
  loadRemote: (id: string, options?: { loadFactory?: boolean }) => loadRemoteStandIn(id, options),
}));

/** What the federation runtime's loadRemote answers in a test (set per test). */
let loadRemoteStandIn: (id: string, options?: { loadFactory?: boolean }) => Promise<unknown> = async () =>
  null;

/** The exposed page a stand-in remote gives. */
const Page = () => null;

describe('loadRemoteComponent', () => {
  it("asks for the module's factory and runs it in a later task", async () => {
    const events: string[] = [];
    const calls: { id: string; options?: { loadFactory?: boolean } }[] = [];
    loadRemoteStandIn = async (id, options) => {
      calls.push({ id, options });
      // A task queued now, while the chunks' task is still running, runs before the module.
      setTimeout(() => events.push('task queued with the chunks'), 0);
      return () => {
        events.push('module evaluated');
        return { default: Page };
      };
    };

    const loaded = loadRemoteComponent('catalog/ProductsPage');
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(events).toEqual([]);
    await expect(loaded).resolves.toEqual({ default: Page });
    expect(calls).toEqual([{ id: 'catalog/ProductsPage', options: { loadFactory: false, from: 'runtime' } }]);
    expect(events).toEqual(['task queued with the chunks', 'module evaluated']);
  });

  it('rejects when the remote gives no factory or no component', async () => {
    loadRemoteStandIn = async () => null;
    await expect(loadRemoteComponent('catalog/ProductsPage')).rejects.toThrow(
      'Remote module catalog/ProductsPage could not be loaded',
    );
    loadRemoteStandIn = async () => () => ({});
    await expect(loadRemoteComponent('catalog/ShopPage')).rejects.toThrow(
      'Remote module catalog/ShopPage could not be loaded',
    );
  });
});

describe('retryRemote and the retry script plugin', () => {
  it('leaves first loads alone, then adds ?retry=N to the entry of the retried remote only', async () => {
    registerRemotesConfig({
      catalog: { entry: '/remotes/catalog/mf-manifest.json', ssrEntry: null },
      auth: '/remotes/auth/mf-manifest.json',
    });
    const url = 'http://localhost/remotes/catalog/remoteEntry.js';
    expect(retryScripts.createScript({ url, remoteInfo: { name: 'catalog' } })).toBeUndefined();

    await retryRemote('catalog');
    expect(remoteGeneration('catalog')).toBe(1);
    expect(registered.at(-1)).toEqual({
      remotes: [{ name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' }],
      options: { force: true },
    });
    expect(retryScripts.createScript({ url, remoteInfo: { name: 'catalog' } })?.src).toBe(`${url}?retry=1`);
    expect(
      retryScripts.createScript({
        url: 'http://localhost/remotes/auth/remoteEntry.js',
        remoteInfo: { name: 'auth' },
      }),
    ).toBeUndefined();

    await retryRemote('catalog');
    expect(retryScripts.createScript({ url: `${url}?v=abc`, remoteInfo: { name: 'catalog' } })?.src).toBe(
      `${url}?v=abc&retry=2`,
    );
  });
});

describe('adminOverrideRequest (ADR 0029)', () => {
  // Lazy import: the module under test is already loaded above with the runtime stand-in.
  const { adminOverrideRequest } = jest.requireActual(
    './remote-registry',
  ) as typeof import('./remote-registry');

  it('asks /remotes.json with the session for an override in the URL or the cookie', () => {
    expect(
      adminOverrideRequest(
        '?remoteOverride=catalog%40http%3A%2F%2Flocalhost%3A3001%2Fmf-manifest.json',
        '',
        'tok',
      ),
    ).toEqual({
      url: '/remotes.json?remoteOverride=catalog%40http%3A%2F%2Flocalhost%3A3001%2Fmf-manifest.json',
      init: { headers: { authorization: 'Bearer tok' }, cache: 'no-cache' },
    });
    expect(adminOverrideRequest('', 'soko_bucket=3; soko_remote_override=catalog%40x', 'tok')?.url).toBe(
      '/remotes.json',
    );
    expect(adminOverrideRequest('?remoteOverride=off', '', 'tok')?.url).toBe(
      '/remotes.json?remoteOverride=off',
    );
  });

  it('does nothing without a session or without an override', () => {
    expect(adminOverrideRequest('?remoteOverride=catalog%40x', 'soko_remote_override=a', null)).toBeNull();
    expect(adminOverrideRequest('?page=2', 'soko_bucket=3', 'tok')).toBeNull();
  });
});
