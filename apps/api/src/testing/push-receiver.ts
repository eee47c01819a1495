import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A push service on 127.0.0.1 that speaks the real protocols (issue 28), so push is tested
 * without the internet: it takes RFC 8030 deliveries (`POST` to a subscription's endpoint), checks
 * the RFC 8292 VAPID header (an ES256 JWT for this origin, signed by the key in `k=`), and — as the
 * browser would — decrypts the RFC 8291 `aes128gcm` payload with the subscription's own keys.
 * Tests and the bench read what arrived; `answer` makes an endpoint reply 404/410 (gone) or 5xx.
 *
 * Push services are https (the `web-push` library speaks nothing else), so the receiver serves a
 * certificate for 127.0.0.1 made by `openssl` at start; the sender trusts it through `ca` (an
 * https.Agent in-process, or NODE_EXTRA_CA_CERTS=`caFile` for a server process).
 */

export interface ReceivedPush {
  subscription: string;
  headers: Record<string, string | undefined>;
  /** The decrypted payload, as the service worker's `event.data.json()` would read it. */
  payload: unknown;
  /** The VAPID claims, verified against the key in the header. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface ReceiverSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushReceiver {
  origin: string;
  /** The receiver's self-signed certificate (PEM), and the file holding it. */
  ca: string;
  caFile: string;
  received: ReceivedPush[];
  /** Errors a delivery failed on (bad VAPID, undecryptable body): a test expects none. */
  rejected: string[];
  /** A browser's subscription on this service: a fresh endpoint and key pair. */
  subscribe(): ReceiverSubscription;
  /** The status an endpoint answers from now on (201 by default). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<P-256 public key>`; returns the verified claims. */
export function verifyVapid(header: string | undefined, origin: string, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) throw new Error('malformed JWT');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp * 1000 > now && claims.exp * 1000 <= now + 24 * 3_600_000)) throw new Error('JWT exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('JWT sub is not a contact');
  return { ...claims, publicKey: k };
}

/** RFC 8291 + RFC 8188: decrypts one aes128gcm record with the subscription's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error('keyid is not the sender’s P-256 key');
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** A throwaway P-256 certificate for 127.0.0.1, valid for a day. */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { dir, keyFile, certFile };
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const receiver = { received: [], rejected: [], answer: new Map() } as unknown as PushReceiver;
  const tls = selfSignedCertificate();
  const server: Server = createServer(
    { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) },
    (req, res) => {
      void (async () => {
        const body = await readBody(req);
        const id = (req.url ?? '').replace(/^\/push\//, '');
        const sub = keys.get(id);
        if (req.method !== 'POST' || !sub) {
          res.writeHead(404).end();
          return;
        }
        const status = receiver.answer.get(`${receiver.origin}/push/${id}`) ?? 201;
        if (status >= 300) {
          res.writeHead(status).end();
          return;
        }
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!req.headers.ttl) throw new Error('no TTL header');
          const vapid = verifyVapid(req.headers.authorization, receiver.origin);
          const payload = JSON.parse(decryptAes128gcm(body, sub.ecdh, sub.auth).toString('utf8')) as unknown;
          receiver.received.push({
            subscription: `${receiver.origin}/push/${id}`,
            headers: {
              ttl: req.headers.ttl as string,
              urgency: req.headers.urgency as string | undefined,
              'content-encoding': req.headers['content-encoding'],
            },
            payload,
            vapid,
          });
          res.writeHead(201, { location: `/message/${randomBytes(4).toString('hex')}` }).end();
        } catch (error) {
          receiver.rejected.push((error as Error).message);
          res.writeHead(400).end();
        }
      })();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.ca = readFileSync(tls.certFile, 'utf8');
  receiver.caFile = tls.certFile;
  receiver.subscribe = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    keys.set(id, { ecdh, auth });
    return {
      endpoint: `${receiver.origin}/push/${id}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  };
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(tls.dir, { recursive: true, force: true });
        resolve();
      });
      server.closeAllConnections();
    });
  return receiver;
}
