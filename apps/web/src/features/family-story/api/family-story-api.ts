import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  FamilyStory,
  LegacyListResponse,
  PublicStory,
  StoryBodyInput,
  StoryListResponse,
} from '@tavara/shared/family-story/family-story';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/** The family's stories and the public legacy page (issue 19). */
export const storyKeys = {
  mine: ['family-stories'] as const,
  legacy: ['legacy-stories'] as const,
  legacyList: (q: string, page: number) => ['legacy-stories', 'list', q, page] as const,
  legacyStory: (id: string) => ['legacy-stories', 'story', id] as const,
};

export const myStoriesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: storyKeys.mine,
    queryFn: (): Promise<StoryListResponse> => unwrap(api['family-stories'].$get()),
    enabled,
    retry: 1,
  });
export const useMyStories = (enabled: boolean) => useQuery(myStoriesQuery(enabled));

/**
 * A story change refreshes the family's stories, the legacy page and a plan's "care details"
 * (`REFRESHES`), without waiting for them.
 */
const STORY_REFRESH = { alsoRefresh: [storyKeys.mine, storyKeys.legacy], waitForRefresh: false } as const;

export const useSaveStory = () =>
  useRefreshingMutation(
    'family-story',
    (body: StoryBodyInput) => unwrap(api['family-stories'].$put({ json: body as never })) as Promise<FamilyStory>,
    STORY_REFRESH,
  );

export const useShareStory = () =>
  useRefreshingMutation(
    'family-story',
    ({ storyId, share }: { storyId: string; share: boolean }) =>
      (share
        ? unwrap(api['family-stories'][':storyId'].share.$post({ param: { storyId } }))
        : unwrap(api['family-stories'][':storyId'].share.$delete({ param: { storyId } }))) as Promise<FamilyStory>,
    STORY_REFRESH,
  );

export const legacyStoriesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: storyKeys.legacyList(q, page),
    queryFn: (): Promise<LegacyListResponse> =>
      unwrap(api['legacy-stories'].$get({ query: { q, page: String(page) } as never })),
    placeholderData: keepPreviousData,
    retry: 1,
  });
export const useLegacyStories = (q: string, page: number) => useQuery(legacyStoriesQuery(q, page));

export const legacyStoryQuery = (storyId: string) =>
  queryOptions({
    queryKey: storyKeys.legacyStory(storyId),
    queryFn: async (): Promise<PublicStory> =>
      (await unwrap(api['legacy-stories'][':storyId'].$get({ param: { storyId } }))).story,
    retry: false,
  });
export const useLegacyStory = (storyId: string) => useQuery(legacyStoryQuery(storyId));

export const useHideStory = () =>
  useRefreshingMutation(
    'family-story',
    ({ storyId, reason }: { storyId: string; reason: string }) =>
      unwrap(api.admin['legacy-stories'][':storyId'].hide.$post({ param: { storyId }, json: { reason } })),
    STORY_REFRESH,
  );
