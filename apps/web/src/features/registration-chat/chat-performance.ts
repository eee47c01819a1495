/**
 * User Timing measures of the chat's main-thread work, readable in the browser with
 * `performance.getEntriesByName(CHAT_MEASURES.botMessage)`. A bot-message or user-event measure
 * spans the whole synchronous update: the engine, React's render and commit, the layout read that
 * scrolls the log, and the layout effects (focus moves). Saving (localStorage and the sync queue)
 * runs in a passive effect after the browser paints and has its own measure. A measure costs a
 * few microseconds; nothing in the app reads them.
 */
export const CHAT_MEASURES = {
  /** A bot message appears after its typing delay. */
  botMessage: 'tavara-chat:bot-message',
  /** A user action (an option, a sent answer) up to the updated chat. */
  userEvent: 'tavara-chat:user-event',
  /** Saving a changed state to localStorage and handing it to the sync queue. */
  save: 'tavara-chat:save',
} as const;

type ChatMeasure = (typeof CHAT_MEASURES)[keyof typeof CHAT_MEASURES];

/** Runs `work` (which must finish its update synchronously, e.g. with flushSync) and measures it. */
export function measureChatWork(name: ChatMeasure, work: () => void): void {
  const start = performance.now();
  work();
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // User Timing unavailable: nothing to record.
  }
}
