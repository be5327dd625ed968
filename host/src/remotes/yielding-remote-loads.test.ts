/**
 * The yielding runtime plugin (remote-registry.ts, `yieldingRemoteLoads`) in the real module
 * federation runtime: a remote's container init and the get of its exposed module each start in
 * a task of their own instead of running as one chain of microtasks in the entry's load event
 * (docs/product.md §23, "no task runs past 50 ms"). The remote entry is a global the runtime finds without
 * loading a script, so nothing crosses the network.
 */
import { createInstance } from '@module-federation/enhanced/runtime';
import { yieldingRemoteLoads } from './remote-registry';

interface RemoteEntry {
  init: () => void;
  get: (expose: string) => () => { default: string };
}

/** Loads 'catalog/ProductsPage' from a global entry and lists what ran, in order. */
async function loadWith(plugins: (typeof yieldingRemoteLoads)[], globalName: string): Promise<string[]> {
  const events: string[] = [];
  const entry: RemoteEntry = {
    init: () => {
      events.push('init');
      setTimeout(() => events.push('task queued by init'), 0);
    },
    get: (expose) => {
      events.push(`get ${expose}`);
      return () => ({ default: 'page' });
    },
  };
  (globalThis as unknown as Record<string, RemoteEntry>)[globalName] = entry;
  const federation = createInstance({
    name: `host_${globalName}`,
    remotes: [
      {
        name: 'catalog',
        entry: `http://localhost/${globalName}/remoteEntry.js`,
        entryGlobalName: globalName,
      },
    ],
    plugins,
  });
  setTimeout(() => events.push('task queued before the load'), 0);
  const factory = await federation.loadRemote<() => { default: string }>('catalog/ProductsPage', {
    loadFactory: false,
    from: 'runtime',
  });
  expect(factory?.()).toEqual({ default: 'page' });
  // Let any task still queued run, so both orders are complete.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return events;
}

describe('yieldingRemoteLoads', () => {
  it('without it, the runtime inits the container and gets the module in one task', async () => {
    expect(await loadWith([], 'catalog_without_plugin')).toEqual([
      'init',
      'get ./ProductsPage',
      'task queued before the load',
      'task queued by init',
    ]);
  });

  it('with it, the init and the get each start in a later task', async () => {
    expect(await loadWith([yieldingRemoteLoads], 'catalog_with_plugin')).toEqual([
      'task queued before the load',
      'init',
      'task queued by init',
      'get ./ProductsPage',
    ]);
  });

  it('hands the waterfall hooks their argument unchanged', async () => {
    const args = { shareScope: {}, initScope: [] };
    await expect(yieldingRemoteLoads.beforeInitContainer(args)).resolves.toBe(args);
    await expect(yieldingRemoteLoads.initContainer(args)).resolves.toBe(args);
  });
});
