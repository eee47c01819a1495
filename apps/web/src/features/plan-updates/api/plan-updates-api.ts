import { infiniteQueryOptions } from '@tanstack/react-query';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * A plan's updates feed (issue 30, item 4): pages newest first (the server's keyset cursor), and
 * every change through the refresh map's `care-circle` entry (the village's keys).
 */
const fetchPage = (planId: string, before: string | undefined) =>
  unwrap(
    api['care-plans'][':planId'].updates.$get({
      param: { planId },
      query: before ? { before } : {},
    }),
  );
export type FeedPage = Awaited<ReturnType<typeof fetchPage>>;
export type FeedUpdate = FeedPage['updates'][number];
export type FeedComment = FeedUpdate['comments'][number];

export const feedQuery = (planId: string) =>
  infiniteQueryOptions({
    queryKey: careKeys.village.updates(planId),
    queryFn: ({ pageParam }) => fetchPage(planId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: 1,
  });

/** A photo in the composer: one already on the update (when editing), or one just picked. */
export type ComposerPhoto = { kind: 'kept'; id: string; url: string } | { kind: 'new'; key: string; file: File };

/**
 * Multipart with fetch: the typed client's form support would not carry the Files through its
 * types. The answer is read by `unwrap` like every other call (the one error shape).
 */
function sendUpdate(
  url: string,
  method: 'POST' | 'PUT',
  values: { body: string; photos: ComposerPhoto[] },
  clientKey?: string,
) {
  const form = new FormData();
  form.set('body', values.body);
  if (clientKey) form.set('clientKey', clientKey);
  for (const photo of values.photos) {
    if (photo.kind === 'new') form.append('photos', photo.file, photo.file.name);
    else form.append('keepPhotoIds', photo.id);
  }
  return unwrap<{ id: string }>(fetch(url, { method, body: form, credentials: 'same-origin' }));
}

export const usePostUpdate = (planId: string) =>
  useRefreshingMutation('care-circle', (vars: { body: string; photos: ComposerPhoto[]; clientKey: string }) =>
    sendUpdate(`/api/care-plans/${encodeURIComponent(planId)}/updates`, 'POST', vars, vars.clientKey),
  );
export const useEditUpdate = () =>
  useRefreshingMutation('care-circle', (vars: { id: string; body: string; photos: ComposerPhoto[] }) =>
    sendUpdate(`/api/plan-updates/${encodeURIComponent(vars.id)}`, 'PUT', vars),
  );
export const useDeleteUpdate = () =>
  useRefreshingMutation('care-circle', (updateId: string) =>
    unwrap(api['plan-updates'][':updateId'].$delete({ param: { updateId } })),
  );
export const useThankUpdate = () =>
  useRefreshingMutation('care-circle', ({ updateId, on }: { updateId: string; on: boolean }) =>
    unwrap(
      on
        ? api['plan-updates'][':updateId'].thanks.$put({ param: { updateId } })
        : api['plan-updates'][':updateId'].thanks.$delete({ param: { updateId } }),
    ),
  );
export const useComment = () =>
  useRefreshingMutation(
    'care-circle',
    ({ updateId, body, clientKey }: { updateId: string; body: string; clientKey: string }) =>
      unwrap(api['plan-updates'][':updateId'].comments.$post({ param: { updateId }, json: { body, clientKey } })),
  );
export const useDeleteComment = () =>
  useRefreshingMutation('care-circle', (commentId: string) =>
    unwrap(api['plan-update-comments'][':commentId'].$delete({ param: { commentId } })),
  );
