import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Board,
  BoardPost,
  BoardReply,
  BoardThreadMessage,
  BoardThreadSummary,
  PostType,
  PostValues,
  Urgency,
} from '@tavara/shared/boards/boards';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

export interface BoardFilters {
  q: string;
  type: PostType | '';
  region: string;
  urgency: Urgency | '';
  page: number;
}

/** Query keys: every board query lives under ['boards'], so one invalidation refreshes them all. */
export const boardKeys = {
  all: ['boards'] as const,
  list: (board: Board, filters: BoardFilters) => ['boards', 'list', board, filters] as const,
  post: (id: string) => ['boards', 'post', id] as const,
  mine: ['boards', 'mine'] as const,
  threads: ['boards', 'threads'] as const,
  thread: (id: string) => ['boards', 'threads', id] as const,
};

export const boardPostsQuery = (board: Board, filters: BoardFilters) =>
  queryOptions({
    queryKey: boardKeys.list(board, filters),
    queryFn: async (): Promise<{ posts: BoardPost[]; page: number; hasNext: boolean }> =>
      unwrap(
        api.boards[':board'].posts.$get({
          param: { board },
          query: {
            page: String(filters.page),
            ...(filters.q ? { q: filters.q } : {}),
            ...(filters.type ? { type: filters.type } : {}),
            ...(filters.region ? { region: filters.region as never } : {}),
            ...(filters.urgency ? { urgency: filters.urgency } : {}),
          },
        }),
      ),
    // The last page stays on screen while the next one loads (dimmed), instead of a blank list.
    placeholderData: keepPreviousData,
  });
export const useBoardPosts = (board: Board, filters: BoardFilters) => useQuery(boardPostsQuery(board, filters));

export const postQuery = (id: string) =>
  queryOptions({
    queryKey: boardKeys.post(id),
    queryFn: async (): Promise<{ post: BoardPost; replies: BoardReply[]; canReply: boolean }> =>
      unwrap(api.boards.posts[':id'].$get({ param: { id } })),
  });

export const myPostsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: boardKeys.mine,
    queryFn: async (): Promise<{ posts: BoardPost[] }> => unwrap(api.boards.posts.mine.$get()),
    enabled,
  });
export const useMyPosts = (enabled: boolean) => useQuery(myPostsQuery(enabled));

export const threadsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: boardKeys.threads,
    queryFn: async (): Promise<{ threads: BoardThreadSummary[] }> => unwrap(api.boards.threads.$get()),
    enabled,
  });
export const useThreads = (enabled: boolean) => useQuery(threadsQuery(enabled));

export const threadQuery = (id: string | null) =>
  queryOptions({
    queryKey: boardKeys.thread(id ?? ''),
    queryFn: async (): Promise<{
      thread: Omit<BoardThreadSummary, 'lastMessage' | 'lastAt'>;
      messages: BoardThreadMessage[];
    }> => unwrap(api.boards.threads[':id'].$get({ param: { id: id! } })),
    enabled: id !== null,
  });
export const useThread = (id: string | null) => useQuery(threadQuery(id));

// The boards' writes, through the one refresh map (domain/refresh.ts). A post, a reply or a new
// private conversation refreshes every board view (lists, the post, "mine", the threads); a message
// in a conversation refreshes the conversations; a report changes nothing the reporter sees.

export const useSavePost = () =>
  useRefreshingMutation(
    'boards',
    ({ id, values }: { id?: string; values: PostValues }) =>
      id
        ? unwrap(api.boards.posts[':id'].$put({ param: { id }, json: values }))
        : unwrap(api.boards.posts.$post({ json: values })),
    [boardKeys.all],
  );

export const useDeletePost = () =>
  useRefreshingMutation('boards', (id: string) => unwrap(api.boards.posts[':id'].$delete({ param: { id } })), [
    boardKeys.all,
  ]);

export const useReplyToPost = () =>
  useRefreshingMutation(
    'boards',
    ({ id, body }: { id: string; body: string }) =>
      unwrap(api.boards.posts[':id'].replies.$post({ param: { id }, json: { body } })),
    [boardKeys.all],
  );

export const useReportPost = () =>
  useRefreshingMutation('boards', ({ id, reason }: { id: string; reason: string }) =>
    unwrap(api.boards.posts[':id'].reports.$post({ param: { id }, json: { reason } })),
  );

export const useStartThread = () =>
  useRefreshingMutation(
    'boards',
    ({ postId, body }: { postId: string; body: string }) =>
      unwrap(api.boards.posts[':id'].threads.$post({ param: { id: postId }, json: { body } })),
    [boardKeys.all],
  );

export const useSendThreadMessage = () =>
  useRefreshingMutation(
    'boards',
    ({ threadId, body }: { threadId: string; body: string }) =>
      unwrap(api.boards.threads[':id'].messages.$post({ param: { id: threadId }, json: { body } })),
    [boardKeys.threads],
  );
