import sharp from 'sharp';
import { send } from './care-plan-requests';
import type { TestClient } from './test-client';

/** Updates-feed requests as the web app makes them (issue 30, item 4), for its tests and matrix. */

/**
 * A real JPEG as a phone writes it: a photo with an EXIF block carrying GPS coordinates (Port of
 * Spain), the camera's make and model and an orientation, written by libvips.
 */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Software: 'Camera 4.2' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '10/1 39/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '61/1 30/1 4500/100',
      },
    })
    .toBuffer();
}

export function updateForm(
  body: string,
  photos: Array<{ bytes: Uint8Array; name?: string; type?: string }> = [],
  extra: Record<string, string | string[]> = {},
) {
  const form = new FormData();
  form.set('body', body);
  for (const [i, p] of photos.entries()) {
    form.append(
      'photos',
      new File([new Uint8Array(p.bytes)], p.name ?? `photo-${i}.jpg`, { type: p.type ?? 'image/jpeg' }),
    );
  }
  for (const [key, value] of Object.entries(extra)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  return form;
}

/** Posts an update (optionally with photos): returns its id. */
export async function postUpdate(
  client: TestClient,
  planId: string,
  body = 'Mum had a good night and ate all her breakfast.',
  photos: Array<{ bytes: Uint8Array }> = [],
) {
  const res = await send(client, 'POST', `/api/care-plans/${planId}/updates`, updateForm(body, photos));
  if (res.status !== 201) throw new Error(`update answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function commentOn(client: TestClient, updateId: string, body = 'Lovely news!') {
  const res = await send(client, 'POST', `/api/plan-updates/${updateId}/comments`, { body });
  if (res.status !== 201) throw new Error(`comment answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
