import { centreRoutes, type ServerRole } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';

export const serverRoleQuery = {
  queryKey: ['centre', 'serverRole'] as const,
  queryFn: async (): Promise<ServerRole> => (await callApi(centreRoutes.serverRole)).role,
  // A server's role is set when it starts: asked once per page load.
  staleTime: Infinity,
};

/** Whether this server is the central one or an exam centre (docs/centre.md); undefined until known. */
export function useServerRole(enabled = true): ServerRole | undefined {
  return useQuery({ ...serverRoleQuery, enabled }).data;
}
