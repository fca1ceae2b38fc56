import { proctoringClientRoutes as routes } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const FRAMES_POLL_MS = 15_000;
/** The newest frames shown at once (each is fetched as an image). */
export const FRAMES_SHOWN = 6;

/** An attempt's frame list and tab-away record (staff), asked again while open. */
export function useAttemptFrames(attemptId: string) {
  return useQuery({
    queryKey: ['proctoring', 'frames', attemptId],
    queryFn: () => callApi(routes.listPhotos, { query: { attemptId } }),
    refetchInterval: FRAMES_POLL_MS,
  });
}

export function useFrameImage(frameId: number) {
  return useQuery({
    queryKey: ['proctoring', 'frame', frameId],
    queryFn: () => callApi(routes.getPhoto, { query: { frameId } }),
    staleTime: Infinity,
  });
}
