/** Bytes of randomness in a chat session id or message id: 128 bits, unguessable (product notes, lesson 4). */
export const CHAT_ID_BYTES = 16;

/**
 * A random id from `crypto.getRandomValues`, base64url without padding (22 characters for 16
 * bytes). A visitor's chat session can be read only with its id, so the id must not be guessable.
 */
export function createRandomId(bytes: number = CHAT_ID_BYTES): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = '';
  for (const value of values) binary += String.fromCharCode(value);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
