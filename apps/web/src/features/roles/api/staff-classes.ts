import { rolesClientRoutes, type AssignClassesBody, type StaffList } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { AUDIT_QUERY_ROOT, rolesKeys } from './roles-keys';

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
