import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadBoundary } from './chunk-load-boundary';

function FailedChunk(): never {
  throw new TypeError('Failed to fetch dynamically imported module');
}

describe('ChunkLoadBoundary', () => {
  it('shows the failure in place of the editor and offers a retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = vi.fn();
    render(
      <div>
        <p>Question statement</p>
        <ChunkLoadBoundary testId="code-editor-load-failed" message="The code editor could not be loaded." retryLabel="Retry" onRetry={onRetry}>
          <FailedChunk />
        </ChunkLoadBoundary>
      </div>,
    );
    expect(screen.getByText('Question statement')).toBeInTheDocument();
    expect(screen.getByTestId('code-editor-load-failed')).toHaveTextContent('The code editor could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    vi.mocked(console.error).mockRestore();
  });

  it('renders the editor when it loads', () => {
    render(
      <ChunkLoadBoundary testId="code-editor-load-failed" message="failed" retryLabel="Retry" onRetry={vi.fn()}>
        <p>editor</p>
      </ChunkLoadBoundary>,
    );
    expect(screen.getByText('editor')).toBeInTheDocument();
  });
});
