import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { PageSpinner } from '../layout/PageSpinner';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteComponent, remoteGeneration, retryRemote } from './remote-registry';

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
 * Renders a page exposed by a remote, loaded lazily at run time, inside an error boundary with
 * 'Try again' (issue 2 "Host shell").
 */
export function RemotePage({ id, props, embedded = false }: RemotePageProps) {
  const remote = id.split('/')[0] ?? id;
  const [, setAttempt] = useState(0);
  const generation = remoteGeneration(remote);
  const Page = lazyRemote(id, generation);
  const retry = async () => {
    await retryRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={`${id}@${generation}`}
      onRetry={retry}
      headingComponent={embedded ? 'h2' : 'h1'}
    >
      <Suspense fallback={<PageSpinner />}>
        <Page {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
