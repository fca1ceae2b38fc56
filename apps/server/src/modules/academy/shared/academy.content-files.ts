/** The stable address of an uploaded content file (decision 021), served by Content Management. */
export const contentFileUrl = (id: string) => `/api/academy/v1/files/${id}`;
