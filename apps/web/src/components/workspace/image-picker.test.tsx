import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImagePicker } from './image-picker';

function pick(file: File) {
  fireEvent.change(screen.getByTestId('image-input'), { target: { files: [file] } });
}

describe('ImagePicker', { timeout: 30_000 }, () => {
  it('hands a PNG over as an inline data URL', async () => {
    const onChange = vi.fn();
    render(<ImagePicker value={null} onChange={onChange} />);
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('data:image/png;base64,iVBORw=='));
  });

  it('refuses a GIF and a file over 5 MB with the catalogue messages', async () => {
    const onChange = vi.fn();
    render(<ImagePicker value={null} onChange={onChange} />);
    pick(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only JPEG and PNG images are allowed.')).toBeInTheDocument();
    pick(new File([new Uint8Array(5_242_881)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The image is too large (at most 5 MB).')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('only logs a read failure', async () => {
    const onChange = vi.fn();
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const readAsDataURL = vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (
      this: FileReader,
    ) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    render(<ImagePicker value={null} onChange={onChange} />);
    pick(new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(errorLog).toHaveBeenCalled());
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    readAsDataURL.mockRestore();
    errorLog.mockRestore();
  });

  it('shows the chosen image with a remove button', () => {
    const onChange = vi.fn();
    render(<ImagePicker value="data:image/png;base64,iVBORw==" onChange={onChange} />);
    expect(screen.getByRole('img', { name: 'Selected image' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw==',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
