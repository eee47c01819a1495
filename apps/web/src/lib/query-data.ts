import type { DataTag, QueryKey } from '@tanstack/react-query';

/**
 * The data a `queryOptions` factory's query holds, read from the key's data tag (issue 33): a
 * feature names its types after the factory (`QueryData<typeof usersQuery>`), not after a hook.
 */
export type QueryData<Factory extends (...args: never[]) => { queryKey: QueryKey }> =
  ReturnType<Factory>['queryKey'] extends DataTag<unknown, infer Data, unknown> ? Data : never;
