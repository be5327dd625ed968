import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/**
 * `React.lazy` that can try again: React keeps a lazy component's failed download for good, so
 * after a failure (offline, a dead network) the next render gets a fresh lazy component that
 * downloads again. `load` resolves to the module's component (e.g.
 * `() => import('./MobileMenu').then((m) => m.MobileMenu)`).
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy's own typing.
export function lazyPanel<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const fresh = () => {
    current = lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          fresh();
          throw error;
        },
      ),
    );
  };
  fresh();
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per panel at module level, as React.lazy itself.
  return function LazyPanel(props: P) {
    const Current = current as unknown as ComponentType<P>;
    return <Current {...props} />;
  };
}

/** Renders nothing in place of a panel whose code could not be downloaded (logged). */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A panel could not be loaded', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders `children` from the first time `open` is true on, inside a Suspense boundary with no
 * fallback; before that, nothing (docs/product.md §23). For panels closed at first render (drawers,
 * dialogs) whose code is lazy ({@link lazyPanel}): their code is downloaded when first opened,
 * not with the first view, and stays mounted afterwards so closing still animates. A closed MUI
 * Drawer/Dialog renders nothing either, so server and first client render are unchanged. If the
 * download fails (offline), the page stays as it is and the next opening tries again.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  const [attempt, setAttempt] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open && !opened) setOpened(true);
  // Each new opening after a failure remounts the boundary, so the download is tried again.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setAttempt((n) => n + 1);
  }
  return opened ? (
    <PanelBoundary key={attempt}>
      <Suspense fallback={null}>{children}</Suspense>
    </PanelBoundary>
  ) : null;
}
