import { jwtVerify, SignJWT } from 'jose';
import type { OfficeKind, OnlyOfficeConfig } from '@app/contracts';

/**
 * The ONLYOFFICE Document Server adapter (used only when its URL and JWT secret are configured):
 * editor configurations signed with the shared secret, the save callback's token verified, the
 * command service (force-save before an evaluation) and downloads of saved files from the server
 * itself (never from another host: a callback's url must be the document server's).
 */

export interface DocumentServerOptions {
  /** The document server's base URL (its api.js is at web-apps/apps/api/documents/api.js). */
  url: string;
  secret: string;
  /** Where the document server reaches this application (download links and callbacks). */
  publicUrl: string;
  fetch?: typeof fetch;
  /** Largest file taken from the document server. */
  maxBytes: number;
}

export const DOCUMENT_TYPES: Record<OfficeKind, 'cell' | 'word' | 'slide'> = { xlsx: 'cell', docx: 'word', pptx: 'slide' };

export class DocumentServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentServerError';
  }
}

export function createDocumentServer(options: DocumentServerOptions) {
  const key = new TextEncoder().encode(options.secret);
  const base = options.url.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const doFetch = options.fetch ?? fetch;

  async function sign(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('6h').sign(key);
  }

  async function verify(token: string): Promise<Record<string, unknown>> {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload as Record<string, unknown>;
  }

  return {
    url: base,
    absolute(path: string): string {
      return new URL(path, options.publicUrl).href;
    },

    /** The editor's config object (DocsAPI.DocEditor), with its JWT in `token`. */
    async editorConfig(input: {
      kind: OfficeKind;
      key: string;
      title: string;
      url: string;
      callbackUrl: string | null;
      mode: 'edit' | 'view';
      user: { id: string; name: string };
      lang: string;
    }): Promise<OnlyOfficeConfig> {
      const config: Omit<OnlyOfficeConfig, 'token'> = {
        document: {
          fileType: input.kind,
          key: input.key,
          title: input.title,
          url: input.url,
          permissions: { edit: input.mode === 'edit', download: true, print: false, copy: input.mode === 'edit' },
        },
        documentType: DOCUMENT_TYPES[input.kind],
        editorConfig: {
          mode: input.mode,
          lang: input.lang,
          user: input.user,
          ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
          customization: { forcesave: true, autosave: true, compactHeader: true },
        },
      };
      return { ...config, token: await sign(config) };
    },

    /**
     * The callback's body once its token checks out: the token in the body (or the Authorization
     * header, whose payload wraps the body). A missing or wrong token throws.
     */
    async verifyCallback(body: Record<string, unknown>, authorization: string | undefined): Promise<Record<string, unknown>> {
      const token = typeof body['token'] === 'string' ? (body['token'] as string) : authorization?.replace(/^Bearer\s+/i, '');
      if (!token) throw new DocumentServerError('The callback carries no token.');
      let payload: Record<string, unknown>;
      try {
        payload = await verify(token);
      } catch (error) {
        throw new DocumentServerError(`The callback's token is not valid: ${(error as Error).message}`);
      }
      // A header token wraps the body as `payload`; a body token is the body itself.
      const inner = payload['payload'];
      return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : payload;
    },

    /** The command service (forcesave, info, …); answers the server's error code (0 = done, 4 = nothing to save). */
    async command(body: { c: string; key: string }): Promise<number> {
      const token = await sign(body);
      const response = await doFetch(`${base}/coauthoring/CommandService.ashx`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...body, token }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new DocumentServerError(`The command service answered ${response.status}.`);
      const json = (await response.json()) as { error?: number };
      return typeof json.error === 'number' ? json.error : -1;
    },

    /** A file the document server offers (a saved version, a Save As): only from the document server itself. */
    async download(url: string): Promise<Uint8Array> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new DocumentServerError('The file address is not valid.');
      }
      if (parsed.origin !== origin) throw new DocumentServerError('The file is not on the document server.');
      const response = await doFetch(parsed.href, { signal: AbortSignal.timeout(30_000), redirect: 'error' });
      if (!response.ok || !response.body) throw new DocumentServerError(`The document server answered ${response.status}.`);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > options.maxBytes) throw new DocumentServerError('The file is too large.');
      const chunks: Uint8Array[] = [];
      let total = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > options.maxBytes) {
          await reader.cancel();
          throw new DocumentServerError('The file is too large.');
        }
        chunks.push(value);
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      return out;
    },
  };
}

export type DocumentServer = ReturnType<typeof createDocumentServer>;
