import { rolesClientRoutes, type AssignClassesBody, type RoleConfig, type SaveRoleConfigBody, type StaffList } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { AUDIT_QUERY_ROOT, rolesKeys, TEACHER_PERMISSIONS_ROOT } from './roles-keys';

export const getRoleConfig = (): Promise<RoleConfig> => callApi(rolesClientRoutes.getConfig);

export function useRoleConfig() {
  return useQuery({ queryKey: rolesKeys.config(), queryFn: getRoleConfig });
}

export const saveRoleConfig = (body: SaveRoleConfigBody) => callApiFull(rolesClientRoutes.saveConfig, { body });

/** Saves the changed roles together; the server's message is the toast either way. */
export function useSaveRoleConfig() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: saveRoleConfig,
    onSuccess: ({ body, message }) => {
      queryClient.setQueryData(rolesKeys.config(), body);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: TEACHER_PERMISSIONS_ROOT });
      notify.success(message);
    },
    onError: (error) => notify.apiError(error),
  });
}

export const listStaff = (): Promise<StaffList> => callApi(rolesClientRoutes.listStaff);

export function useStaff() {
  return useQuery({ queryKey: rolesKeys.staff(), queryFn: listStaff });
}

export const assignClasses = (body: AssignClassesBody) => callApiFull(rolesClientRoutes.assignClasses, { body });

export function useAssignClasses() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: assignClasses,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: rolesKeys.staff() });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_ROOT });
      notify.success(message);
    },
    onError: (error) => notify.apiError(error),
  });
}
