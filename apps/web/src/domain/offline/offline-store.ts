import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * The one place this device keeps a person's care data for use offline (issue 29): an IndexedDB
 * database (idb-keyval) holding, per signed-in person, the persisted query cache and the work
 * waiting to send. Keys carry the person's id, so one person's cache is never restored for
 * another. Sign-out clears it all (`clearOfflineData`); a shared device never writes to it.
 */
let store: UseStore | undefined;
export const OFFLINE_DATABASE = 'tavara-offline';
const db = () => (store ??= createStore(OFFLINE_DATABASE, 'data'));

export const cacheKey = (userId: string) => `cache:${userId}`;
export const queueKey = (userId: string) => `queue:${userId}`;

/**
 * Whose data may be written (null: nobody). Set by the data layer for the signed-in person, cleared
 * first thing at sign-out, so a write still on its way (the persister saves a second after a
 * change) can never put the person's data back after it was cleared.
 */
let writer: string | null = null;
export const allowWritesFor = (userId: string | null) => {
  writer = userId;
};
const mayWrite = (key: string) => writer !== null && key.endsWith(`:${writer}`);

/** The storage TanStack Query's async persister writes the cache to. */
export const offlineStorage = {
  getItem: (key: string) => get<string>(key, db()).then((value) => value ?? null),
  setItem: (key: string, value: string) => (mayWrite(key) ? set(key, value, db()) : Promise.resolve()),
  removeItem: (key: string) => del(key, db()),
};

export const readQueue = <T>(userId: string) => get<T>(queueKey(userId), db());
export const writeQueue = (userId: string, items: unknown) =>
  mayWrite(queueKey(userId)) ? set(queueKey(userId), items, db()) : Promise.resolve();

export async function clearOfflineData(): Promise<void> {
  writer = null;
  await clear(db());
}

/** Anything kept for someone other than `userId` (signed out elsewhere, an old visit) goes. */
export async function forgetOthers(userId: string): Promise<void> {
  const stale = (await keys(db())).filter((key) => !String(key).endsWith(`:${userId}`));
  await Promise.all(stale.map((key) => del(key, db())));
}
