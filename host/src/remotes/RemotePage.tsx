import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useContext, useState } from 'react';
import { PageSpinner } from '../layout/PageSpinner';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteComponent, remoteGeneration, retryRemote } from './remote-registry';
import { type RemoteModule, ServerRemoteModulesContext } from './server-modules';

// biome-ignore lint/suspicious/noExplicitAny: exposed pages take arbitrary props
type AnyComponent = ComponentType<any>;
const lazyCache = new Map<string, LazyExoticComponent<AnyComponent>>();

/** One React.lazy per exposed module and load generation (a retry makes a fresh one). */
function lazyRemote(id: string, generation: number): LazyExoticComponent<AnyComponent> {
  const key = `${id}@${generation}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(() => loadRemoteComponent(id));
    lazyCache.set(key, component);
  }
  return component;
}

interface RemotePageProps {
  /** Exposed module id, e.g. 'catalog/ProductsPage'. */
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: forwarded to the remote page
  props?: Record<string, any>;
  /** True when the module is a part of a host page (its outage message then uses an h2, not the page's h1). */
  embedded?: boolean;
}

/**
 * Server rendering: the module the server loaded for this request, rendered at once; a module
 * that failed to load throws, so React renders the Suspense fallback and the browser renders
 * this part itself (docs/product.md §23.2: that route falls back to client rendering).
 */
function ServerRemote({
  id,
  module,
  props,
}: {
  id: string;
  module: RemoteModule | Error | undefined;
  props?: object;
}) {
  if (!module) throw new Error(`Remote module ${id} was not loaded before rendering`);
  if (module instanceof Error) throw module;
  const Page = module.default;
  return <Page {...props} />;
}

/**
 * Renders a page exposed by a remote, loaded lazily at run time, inside an error boundary with
 * 'Try again' (docs/product.md §10). On the server it renders the module loaded before the
 * render (see `server-modules.ts`); the tree (boundary, Suspense, page) is the same on both sides
 * so the browser hydrates it.
 */
export function RemotePage({ id, props, embedded = false }: RemotePageProps) {
  const serverModules = useContext(ServerRemoteModulesContext);
  const remote = id.split('/')[0] ?? id;
  const [, setAttempt] = useState(0);
  const generation = remoteGeneration(remote);
  const retry = async () => {
    await retryRemote(remote);
    setAttempt((n) => n + 1);
  };
  const Page = serverModules ? null : lazyRemote(id, generation);
  return (
    <RemoteErrorBoundary
      key={`${id}@${generation}`}
      onRetry={retry}
      remote={remote}
      headingComponent={embedded ? 'h2' : 'h1'}
    >
      <Suspense fallback={<PageSpinner />}>
        {Page ? <Page {...props} /> : <ServerRemote id={id} module={serverModules?.get(id)} props={props} />}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
