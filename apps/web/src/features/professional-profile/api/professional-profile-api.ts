import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalDocument } from '@tavara/shared/professional-profile/professional-documents';
import type { SavedRegistration } from '@tavara/shared/registration/registration';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, ApiError, unwrap } from '@/lib/api-client';

export const profileKeys = {
  all: ['professional-profile'] as const,
  registration: ['professional-profile', 'registration'] as const,
  documents: ['professional-profile', 'documents'] as const,
};

export const myRegistrationQuery = () =>
  queryOptions({
    queryKey: profileKeys.registration,
    queryFn: (): Promise<SavedRegistration> => unwrap(api.registration.me.$get()) as Promise<SavedRegistration>,
  });
export const useMyRegistration = () => useQuery(myRegistrationQuery());

export const myDocumentsQuery = () =>
  queryOptions({
    queryKey: profileKeys.documents,
    queryFn: async (): Promise<{ documents: ProfessionalDocument[] }> => unwrap(api.professional.documents.$get()),
  });
export const useMyDocuments = () => useQuery(myDocumentsQuery());

export const documentFileUrl = (id: string) => `/api/professional/documents/${encodeURIComponent(id)}/file`;

/**
 * Multipart upload with fetch: the typed client's form support would not carry the File through
 * its types. The server answers in the one error shape, read as ApiError like every other call.
 */
export async function uploadDocument(form: FormData): Promise<{ document: ProfessionalDocument }> {
  let res: Response;
  try {
    res = await fetch('/api/professional/documents', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError('network', 'We could not reach the server. Please check your connection and try again.', 0);
  }
  const body = (await res.json().catch(() => null)) as
    | { document: ProfessionalDocument }
    | { error: { code: string; message: string; fields?: Record<string, string> } }
    | null;
  if (res.ok && body && 'document' in body) return body;
  const error = body && 'error' in body ? body.error : { code: 'unknown', message: 'The upload did not work.' };
  throw new ApiError(error.code, error.message, res.status, 'fields' in error ? error.fields : undefined);
}

export const useUploadDocument = () =>
  useRefreshingMutation('professional-profile', uploadDocument, [profileKeys.documents]);

export const useDeleteDocument = () =>
  useRefreshingMutation(
    'professional-profile',
    (id: string) => unwrap(api.professional.documents[':id'].$delete({ param: { id } })),
    [profileKeys.documents],
  );
