import { lookupsRoutes, profileRoutes, type StudentProfileBody, type UpdateParentInfoBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiFull } from '../../../lib/api-client';

const keys = {
  userInfo: ['profile', 'userInfo'] as const,
  parentInfo: ['profile', 'parentInfo'] as const,
};

export const useUserInfo = () => useQuery({ queryKey: keys.userInfo, queryFn: () => callApi(profileRoutes.getUserInfo) });
export const useParentInfo = () => useQuery({ queryKey: keys.parentInfo, queryFn: () => callApi(profileRoutes.getParentInfo) });

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentProfileBody) => callApiFull(profileRoutes.updateUserInfo, { body }),
    onSuccess: ({ body }) => queryClient.setQueryData(keys.userInfo, body),
  });
}

export function useRegisterStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentProfileBody) => callApi(profileRoutes.register, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.userInfo }),
  });
}

export function useUpdateParentInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateParentInfoBody) => callApiFull(profileRoutes.updateParentInfo, { body }),
    onSuccess: ({ body }) => queryClient.setQueryData(keys.parentInfo, body),
  });
}

export const generateOtp2 = (mobile: string) => callApi(profileRoutes.generateOtp2, { body: { mobile } });

/** Registration reference data (spec 000 §3), cached for the session. */
export function useLookups(instituteID: number | null, classID: number | null) {
  const options = { staleTime: Infinity } as const;
  const states = useQuery({ queryKey: ['lookups', 'states'], queryFn: () => callApi(lookupsRoutes.states), ...options });
  const cities = useQuery({ queryKey: ['lookups', 'cities'], queryFn: () => callApi(lookupsRoutes.cities), ...options });
  const institutes = useQuery({ queryKey: ['lookups', 'institutes'], queryFn: () => callApi(lookupsRoutes.institutes), ...options });
  const languages = useQuery({ queryKey: ['lookups', 'languages'], queryFn: () => callApi(lookupsRoutes.languages), ...options });
  const courses = useQuery({ queryKey: ['lookups', 'courses'], queryFn: () => callApi(lookupsRoutes.coursesSimple), ...options });
  const classes = useQuery({
    queryKey: ['lookups', 'classes', instituteID],
    queryFn: () => callApi(lookupsRoutes.classes, { query: { instituteID: instituteID! } }),
    enabled: instituteID !== null,
    ...options,
  });
  const sections = useQuery({
    queryKey: ['lookups', 'sections', instituteID, classID],
    queryFn: () => callApi(lookupsRoutes.sections, { query: { instituteID: instituteID!, classID: classID! } }),
    enabled: instituteID !== null && classID !== null,
    ...options,
  });
  return { states, cities, institutes, languages, courses, classes, sections };
}
