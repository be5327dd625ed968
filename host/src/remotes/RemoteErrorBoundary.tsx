import { Alert, Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRemoteError } from './remote-registry';

interface Props {
  children: ReactNode;
  /** Called by 'Try again'; the boundary resets after it resolves. */
  onRetry: () => void | Promise<void>;
  /** Heading level of the message: 'h1' when the remote is the page, 'h2' when embedded in one. */
  headingComponent?: 'h1' | 'h2';
  /** The remote inside (its render errors are reported with its version: ADR 0029). */
  remote?: string;
  /** When this changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/**
 * Error boundary around every remote route: when a remote is unreachable or throws while
 * rendering, only this part of the page shows a message and a 'Try again' button; the navbar,
 * footer and the other remotes keep working (docs/product.md §10, ARCHITECTURE "Module federation").
 * The layout also puts one around every page, for a host page whose code cannot be downloaded.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A part of the site failed to load or render', error, info.componentStack);
    // Load failures are reported by the federation runtime plugin (reportLoadErrors).
    if (this.props.remote && !/RUNTIME-\d+|could not be loaded|Loading (script|chunk)/i.test(error.message)) {
      reportRemoteError(this.props.remote, 'render', error.message);
    }
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private retry = async () => {
    await this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', my: 6, px: 2 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          <Typography component={this.props.headingComponent ?? 'h1'} variant="h3" sx={{ mb: 1 }}>
            This part of Campus Soko could not be loaded
          </Typography>
          <Typography>
            Check your internet connection and try again. The rest of the site still works.
          </Typography>
        </Alert>
        <Button variant="contained" onClick={this.retry}>
          Try again
        </Button>
      </Box>
    );
  }
}
