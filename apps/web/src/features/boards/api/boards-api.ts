import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Board,
  BoardPost,
  BoardReply,
  BoardThreadMessage,
  BoardThreadSummary,
  ModerationAction,
  PostType,
  PostValues,
  Urgency,
} from '@tavara/shared/boards/boards';
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
  moderation: ['boards', 'moderation'] as const,
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

export function createPost(values: PostValues) {
  return unwrap(api.boards.posts.$post({ json: values }));
}

export function updatePost(id: string, values: PostValues) {
  return unwrap(api.boards.posts[':id'].$put({ param: { id }, json: values }));
}

export function deletePost(id: string) {
  return unwrap(api.boards.posts[':id'].$delete({ param: { id } }));
}

export function replyToPost(id: string, body: string) {
  return unwrap(api.boards.posts[':id'].replies.$post({ param: { id }, json: { body } }));
}

export function reportPost(id: string, reason: string) {
  return unwrap(api.boards.posts[':id'].reports.$post({ param: { id }, json: { reason } }));
}

export function startThread(postId: string, body: string) {
  return unwrap(api.boards.posts[':id'].threads.$post({ param: { id: postId }, json: { body } }));
}

export function sendThreadMessage(threadId: string, body: string) {
  return unwrap(api.boards.threads[':id'].messages.$post({ param: { id: threadId }, json: { body } }));
}

export interface ModerationItem {
  post: BoardPost;
  reports: { reason: string; createdAt: string }[];
}

export const moderationQueueQuery = () =>
  queryOptions({
    queryKey: boardKeys.moderation,
    queryFn: async (): Promise<{ items: ModerationItem[] }> => unwrap(api.admin['board-reports'].$get()),
  });
export const useModerationQueue = () => useQuery(moderationQueueQuery());

export function moderatePost(id: string, action: ModerationAction) {
  return unwrap(api.admin['board-posts'][':id'].moderation.$post({ param: { id }, json: { action } }));
}
