import { SignJWT } from 'jose';
import type { MetabaseEmbed } from '@app/contracts';

/** How long a signed embedding address works (Metabase checks `exp`). */
export const EMBED_TTL_SECONDS = 10 * 60;

export interface MetabaseConfig {
  siteUrl: string | undefined;
  secretKey: string | undefined;
  dashboardId: number | undefined;
}

/**
 * Metabase static (signed) embedding: a JWT signed HS256 with the embedding secret, naming the
 * dashboard and locking its institute_id parameter to the actor's institute, valid ten minutes.
 * Without a site, secret and dashboard, BI Reports is not configured.
 */
export async function metabaseEmbed(config: MetabaseConfig, instituteId: number, now: Date): Promise<MetabaseEmbed> {
  if (!config.siteUrl || !config.secretKey || !config.dashboardId) return { configured: false, url: null, expiresAt: null };
  const exp = Math.floor(now.getTime() / 1000) + EMBED_TTL_SECONDS;
  const token = await new SignJWT({ resource: { dashboard: config.dashboardId }, params: { institute_id: instituteId } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(config.secretKey));
  const site = config.siteUrl.replace(/\/+$/, '');
  return { configured: true, url: `${site}/embed/dashboard/${token}#bordered=true&titled=true`, expiresAt: new Date(exp * 1000).toISOString() };
}
