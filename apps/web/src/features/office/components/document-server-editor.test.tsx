import type { OfficeEditorConfig } from '@app/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentServerEditor } from './document-server-editor';

const CONFIG = {
  documentServerUrl: 'https://docs.school.example/',
  config: { document: { fileType: 'docx', key: 'f1-2', title: 'question-7.docx', url: 'https://app/f1', permissions: { edit: true, download: true, print: true, copy: true } }, documentType: 'word', editorConfig: { mode: 'edit', lang: 'ta', user: { id: '5', name: 'priya' }, customization: { forcesave: true, autosave: true, compactHeader: true } }, token: 'signed' },
} as OfficeEditorConfig;

afterEach(() => {
  delete window.DocsAPI;
  document.head.querySelectorAll('script').forEach((node) => node.remove());
});

describe('DocumentServerEditor', () => {
  it('loads api.js from the configured server and mounts the editor with the signed configuration as it is', async () => {
    const DocEditor = vi.fn(function (this: object) {
      return { destroyEditor: vi.fn() };
    });
    const { unmount } = render(<DocumentServerEditor loadConfig={async () => CONFIG} label="Document editor" />);
    expect(screen.getByRole('region', { name: 'Document editor' })).toBeInTheDocument();
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src="https://docs.school.example/web-apps/apps/api/documents/api.js"]');
      expect(found).not.toBeNull();
      return found!;
    });
    window.DocsAPI = { DocEditor: DocEditor as never };
    script.onload!(new Event('load'));
    await waitFor(() => expect(DocEditor).toHaveBeenCalledTimes(1));
    const [placeholderId, config] = DocEditor.mock.calls[0]! as unknown as [string, Record<string, unknown>];
    expect(document.getElementById(placeholderId)).not.toBeNull();
    expect(config).toEqual({ ...CONFIG.config, width: '100%', height: '100%' });
    unmount();
  });

  it('says so when the document server cannot be reached', async () => {
    render(<DocumentServerEditor loadConfig={async () => ({ ...CONFIG, documentServerUrl: 'https://down.example' })} label="Document editor" />);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src^="https://down.example/"]');
      expect(found).not.toBeNull();
      return found!;
    });
    script.onerror!(new Event('error'));
    expect(await screen.findByText('The document editor could not be opened. You can download the file and upload it back instead.')).toBeInTheDocument();
  });
});
