import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Names the failure for tests and the journeys. */
  testId: string;
  children: ReactNode;
}

/**
 * Keeps a failed download of a lazily loaded part (an editor's chunk, a network blip mid-test) inside its area,
 * with a retry, instead of taking the whole player down.
 */
export class ChunkLoadBoundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <Alert
        severity="error"
        data-testid={this.props.testId}
        action={
          <Button color="inherit" size="small" onClick={this.props.onRetry}>
            {this.props.retryLabel}
          </Button>
        }
      >
        {this.props.message}
      </Alert>
    );
  }
}
