import { IMAGE_UPLOAD_MAX_BYTES, type RouteDef } from '@app/contracts';
import type { TestApp, TestUser } from './test-app.js';

/** A real 1×1 PNG and the first bytes of a JPEG and a GIF, for the image content checks. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64')}`;
/** GIF bytes that claim to be a PNG: the content decides, so this is refused. */
export const GIF_AS_PNG_DATA_URL = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')}`;
/** Text that claims to be a JPEG. */
export const TEXT_AS_JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
/** PNG bytes declared as JPEG: accepted, and stored as what they are. */
export const PNG_AS_JPEG_DATA_URL = `data:image/jpeg;base64,${PNG_BASE64}`;

/** A PNG-headed data URL one byte over the limit (base64 grows it by 4/3; still under the body limit). */
export function oversizedPngDataUrl(): string {
  const bytes = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1);
  Buffer.from(PNG_BASE64, 'base64').copy(bytes);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Calls a contract route as `user` (or with no token), with a JSON body or a query. */
export function callAs(t: TestApp, user: TestUser | null, def: RouteDef, input: { body?: unknown; query?: Record<string, string | number> } = {}, headers: Record<string, string> = {}) {
  const search = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  return t.call({
    method: def.method,
    url: `/api${def.path}${search}`,
    headers: { ...(user ? user.headers : {}), ...headers },
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
}
