import type { OfficeEditorConfig } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';

interface DocsApi {
  DocEditor: new (placeholderId: string, config: Record<string, unknown>) => { destroyEditor?: () => void };
}
declare global {
  interface Window {
    DocsAPI?: DocsApi;
  }
}

const scripts = new Map<string, Promise<DocsApi>>();

/** Loads the document server's api.js once per address. */
function loadDocsApi(documentServerUrl: string): Promise<DocsApi> {
  const src = `${documentServerUrl.replace(/\/+$/, '')}/web-apps/apps/api/documents/api.js`;
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<DocsApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.DocsAPI ? resolve(window.DocsAPI) : reject(new Error('DocsAPI missing')));
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/**
 * The ONLYOFFICE editor, when the server has a document server configured (it says so in the
 * working copy's `editor`): the server signs the configuration and receives the saves through its
 * callback; this only loads api.js and mounts the editor.
 */
export function DocumentServerEditor({ loadConfig, label }: { loadConfig: () => Promise<OfficeEditorConfig>; label: string }) {
  const { t } = useTranslation('office');
  const placeholderId = `office-document-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let editor: { destroyEditor?: () => void } | null = null;
    let isCurrent = true;
    setStatus('loading');
    (async () => {
      const { documentServerUrl, config } = await loadConfig();
      const api = await loadDocsApi(documentServerUrl);
      if (!isCurrent) return;
      // The configuration is signed by the server (its token): passed as it is, with the size only.
      editor = new api.DocEditor(placeholderId, { ...config, width: '100%', height: '100%' });
      setStatus('ready');
    })().catch(() => isCurrent && setStatus('failed'));
    return () => {
      isCurrent = false;
      editor?.destroyEditor?.();
    };
  }, [loadConfig, placeholderId]);

  return (
    <Box role="region" aria-label={label} data-testid="document-server-editor" sx={{ height: { xs: 480, md: 640 }, position: 'relative' }}>
      {status === 'loading' && <Skeleton role="progressbar" variant="rounded" height="100%" aria-label={t('documentServer.loading')} sx={{ position: 'absolute', inset: 0 }} />}
      {status === 'failed' && <Alert severity="error">{t('documentServer.failed')}</Alert>}
      <div id={placeholderId} />
    </Box>
  );
}
