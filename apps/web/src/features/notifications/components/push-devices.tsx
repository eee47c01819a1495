import { BellOff, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate } from '@tavara/shared/time/format';
import { CARE_TIME_ZONE } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { fetchPushKey, usePushDevices, useRemovePushDevice, useSubscribePush } from '../api/notifications-api';

/**
 * "Notifications on your devices" (issue 28): this browser can be allowed to get push
 * notifications, and the person sees every device that gets them and can remove one. The browser
 * asks for permission only when the button is pressed (never on page load).
 */

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** `base64url` → the bytes `applicationServerKey` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function PushDevices() {
  const supported = pushSupported();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [checked, setChecked] = useState(!supported);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(supported && Notification.permission === 'denied');
  const devices = usePushDevices(endpoint, checked);
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();

  useEffect(() => {
    if (!supported) return;
    void currentSubscription()
      .then((s) => setEndpoint(s?.endpoint ?? null))
      .catch(() => setEndpoint(null))
      .finally(() => setChecked(true));
  }, [supported]);

  async function turnOn() {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setBlocked(permission === 'denied');
        toast.error('Notifications were not allowed on this device.');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(await fetchPushKey()),
        }));
      await subscribe.mutateAsync(subscription.toJSON());
      setEndpoint(subscription.endpoint);
      toast.success('This device will get your notifications.');
    } catch (error) {
      toast.error(
        error instanceof ApiError ? error.message : 'Notifications could not be turned on here. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function removeDevice(id: string, thisDevice: boolean) {
    try {
      await remove.mutateAsync(id);
      if (thisDevice) {
        await (await currentSubscription())?.unsubscribe();
        setEndpoint(null);
      }
      toast.success('That device will no longer get notifications.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The device could not be removed. Please try again.');
    }
  }

  const list = devices.data?.devices ?? [];
  const thisOne = list.some((d) => d.thisDevice);
  return (
    <section aria-labelledby="push-heading" className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="push-heading" className="text-xl font-bold">
        Notifications on your phone
      </h2>
      <p className="mt-2 text-ink-muted">
        Get dose reminders and alerts on this device, even when Tavara is closed. On an iPhone, add Tavara to your home
        screen first.
      </p>
      {!supported ? (
        <Notice tone="info" className="mt-4" title="This browser cannot show notifications from Tavara">
          <p>Use Chrome, Edge, Firefox or Safari, or keep e-mail on.</p>
        </Notice>
      ) : blocked && !thisOne ? (
        <Notice tone="warning" className="mt-4" title="Notifications are blocked for Tavara in this browser">
          <p>Allow them in the browser’s site settings, then press the button again.</p>
        </Notice>
      ) : null}
      {/* Until this device's subscription is known, the button's place is held (no layout shift). */}
      {supported && !checked && <Skeleton className="mt-4 h-11 w-72 max-w-full" />}
      {supported && checked && !thisOne && (
        <Button className="mt-4" onClick={() => void turnOn()} aria-disabled={busy || undefined}>
          <Smartphone aria-hidden="true" className="size-5" />
          {busy ? 'Turning on...' : 'Get notifications on this device'}
        </Button>
      )}
      <h3 className="mt-6 font-semibold">Devices that get notifications</h3>
      {devices.isPending || !checked ? (
        // As tall as the line that most often comes: "No devices yet".
        <Skeleton className="mt-2 h-7 w-full" />
      ) : devices.isError ? (
        <p role="alert" className="mt-2">
          Your devices could not be loaded.{' '}
          <Button variant="secondary" size="sm" onClick={() => void devices.refetch()}>
            Try again
          </Button>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-ink-muted">
          <BellOff aria-hidden="true" className="size-5" />
          No devices yet: alerts come in the app and by e-mail.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {list.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{device.label}</span>
                {device.thisDevice && <span className="ml-2 text-sm text-brand">(this device)</span>}
                <span className="block text-sm text-ink-muted">
                  Added {formatDate(device.createdAt, CARE_TIME_ZONE)}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="min-h-11"
                aria-label={`Remove ${device.label}${device.thisDevice ? ' (this device)' : ''}`}
                onClick={() => void removeDevice(device.id, device.thisDevice)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
