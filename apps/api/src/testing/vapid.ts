import webpush from 'web-push';

/** A fresh VAPID pair as env variables: production configurations in tests need one (issue 28). */
export function vapidEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}
