import { URL_MONITORING_INTERVAL_MS, VISITED_URLS_MAX_PER_REPORT } from '@app/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { storage } from '../../lib/storage';
import { saveVisitedUrls } from './api/navigation-api';

export const VISITED_URLS_KEY = 'visitedUrls';
type Visit = { url: string; time: number };

export function readVisits(): Visit[] {
  return storage.getJson<Visit[]>(VISITED_URLS_KEY) ?? [];
}

/** Sends the recorded visits; on success removes exactly those that were sent. */
export async function flushVisits(userSessionId: string): Promise<number> {
  const batch = readVisits().slice(0, VISITED_URLS_MAX_PER_REPORT);
  if (batch.length === 0) return 0;
  await saveVisitedUrls({ data: batch, UserSessionID: userSessionId });
  storage.setJson(VISITED_URLS_KEY, readVisits().slice(batch.length));
  return batch.length;
}

/**
 * Students only (spec 000 §6): each route change is recorded as {url, time (epoch seconds)} and
 * the list is sent every 60 s; it is cleared only once the server has taken it.
 */
export function useVisitedUrls(userSessionId: string | null, isEnabled: boolean) {
  const location = useLocation();

  useEffect(() => {
    if (!isEnabled) return;
    const visits = readVisits();
    visits.push({ url: window.location.href, time: Math.floor(Date.now() / 1000) });
    storage.setJson(VISITED_URLS_KEY, visits);
  }, [isEnabled, location.pathname, location.search]);

  useEffect(() => {
    if (!isEnabled || !userSessionId) return;
    const id = window.setInterval(() => {
      flushVisits(userSessionId).catch(() => undefined);
    }, URL_MONITORING_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [isEnabled, userSessionId]);
}
