/**
 * The remote registry's 'Try again' (remote-registry.ts): a retry bumps the remote's generation,
 * re-registers it with force, and from then on its entry script is asked for with `?retry=N`
 * (a failed <link rel="preload"> of the same URL would otherwise answer the new <script>).
 */
import { registerRemotesConfig, remoteGeneration, retryRemote, retryScripts } from './remote-registry';

const registered: { remotes: { name: string; entry: string }[]; options?: { force?: boolean } }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) =>
    registered.push({ remotes, options }),
  registerPlugins: () => {},
  loadRemote: async () => null,
}));

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
