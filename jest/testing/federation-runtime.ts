/**
 * What the federation runtime's `loadRemote(id, options)` resolves to for an exposed module, for
 * stand-ins of `@module-federation/enhanced/runtime` in `jest.mock`: the module itself, or with
 * `loadFactory: false` (what `loadRemoteComponent` asks for, host/src/remotes/remote-registry.ts)
 * a factory that returns it.
 */
export function loadRemoteAnswer<M>(module: M, options?: { loadFactory?: boolean }): M | (() => M) {
  return options?.loadFactory === false ? () => module : module;
}
