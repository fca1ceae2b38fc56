import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Keeps a failed download of the editor's chunk (a network blip mid-test) inside the answer area,
 * with a retry, instead of taking the whole player down.
 */
export class EditorLoadBoundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <Alert
        severity="error"
        data-testid="code-editor-load-failed"
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
