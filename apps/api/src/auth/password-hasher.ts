import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * Better Auth's password format, kept so every stored hash still verifies: scrypt N=16384, r=16,
 * p=1, 64-byte key, over the NFKC-normalised password, salted with 16 random bytes written as hex
 * (the hex *text* is the salt), stored as `salt:key` in hex (@better-auth/utils/password.node).
 */
export const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;
/**
 * Test runs only (AUTH_PASSWORD_HASH_COST=low, env.ts: NODE_ENV=test or the e2e server, refused in
 * production): the same scrypt at a 128th of the work (~0.5 ms instead of ~60 ms), so the suites'
 * thousands of sign-ups and sign-ins cost seconds, not minutes (issue 34). Such hashes carry the
 * LOW_COST_TAG, so a production-cost hasher refuses them and a low-cost one still verifies every
 * production hash (it derives each at the cost its hash was made with).
 */
export const SCRYPT_LOW = { N: 1024, r: 2, p: 1, keyLength: 64 } as const;
export const LOW_COST_TAG = 'scrypt-test-low';
const maxmem = (params: { N: number; r: number }) => 128 * params.N * params.r * 2;

/**
 * The worker's code, as source (`eval: true`) so the bundled server (dist/server.js) and the tests
 * run the same file without a second build entry. `scryptSync` on purpose: the CPU work then runs
 * on this worker's own thread, whose OS priority we can lower — node's async scrypt would run on
 * libuv's shared pool at normal priority, beside the event loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
let lowered = false;
try {
  // Linux keeps a nice value per thread: /proc/thread-self names this thread's task id.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) { setPriority(tid, workerData.nice); lowered = true; }
} catch {}
parentPort.postMessage({ ready: true, lowered });
parentPort.on('message', ({ id, password, salt, low }) => {
  try {
    const key = scryptSync(password.normalize('NFKC'), salt, workerData.keyLength, low ? workerData.lowOptions : workerData.options);
    parentPort.postMessage({ id, key: key.toString('hex') });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

/** Thrown when more hashes wait than the queue holds: the route answers 503 with Retry-After. */
export class HashQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`password hashing queue is full (${waiting} waiting)`);
    this.name = 'HashQueueFullError';
  }
}

export interface PasswordHasherOptions {
  /** Worker threads, each hashing one password at a time. */
  threads: number;
  /** Hashes that may wait for a thread; one more is refused with HashQueueFullError. */
  queueLimit: number;
  /** The workers' nice value (0–19): above the event loop's 0, so it wins the CPU when both want it. */
  nice: number;
  /**
   * `low`: new hashes at SCRYPT_LOW, tagged (tests only, see SCRYPT_LOW); `production` (the
   * default) refuses tagged hashes.
   */
  cost?: 'production' | 'low';
}

interface Job {
  password: string;
  salt: string;
  low: boolean;
  resolve: (keyHex: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number };
}

/**
 * Issue 23 item 4: sign-in bursts must not stall the server. Password hashing (≈ 50–100 ms of CPU
 * each) runs on a few worker threads at a lower OS priority, so on a busy machine the event loop
 * (health checks, every other request) gets the CPU first and the sign-ins wait; beyond the queue
 * bound a sign-in is refused quickly with 503 + Retry-After rather than waiting for many seconds.
 * Workers start on first use and are unref'd, so an idle server or a test run never waits on them.
 */
export function createPasswordHasher({ threads, queueLimit, nice, cost = 'production' }: PasswordHasherOptions) {
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`threads must be ≥ 1, got ${threads}`);
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let priorityLowered: boolean | undefined;

  function startWorker(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        nice,
        keyLength: SCRYPT.keyLength,
        options: { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: maxmem(SCRYPT) },
        lowOptions: { N: SCRYPT_LOW.N, r: SCRYPT_LOW.r, p: SCRYPT_LOW.p, maxmem: maxmem(SCRYPT_LOW) },
      },
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on(
      'message',
      (message: { ready?: boolean; lowered?: boolean; id?: number; key?: string; error?: string }) => {
        if (message.ready) {
          priorityLowered = message.lowered;
          return;
        }
        const job = slot.job;
        if (!job || job.id !== message.id) return;
        slot.job = undefined;
        if (message.key !== undefined) job.resolve(message.key);
        else job.reject(new Error(message.error ?? 'password hashing failed'));
        dispatch();
      },
    );
    // A worker that died (out of memory, a bug) fails its one job and is replaced on next use.
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index !== -1) slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = undefined;
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing worker exited with code ${code}`)));
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (waiting.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < threads ? startWorker() : undefined);
      if (!slot) return;
      const job = waiting.shift() as Job;
      const id = nextId++;
      slot.job = { ...job, id };
      slot.worker.postMessage({ id, password: job.password, salt: job.salt, low: job.low });
    }
  }

  function derive(password: string, salt: string, low: boolean): Promise<string> {
    const busy = slots.filter((s) => s.job).length;
    if (busy >= threads && waiting.length >= queueLimit) return Promise.reject(new HashQueueFullError(waiting.length));
    return new Promise((resolve, reject) => {
      waiting.push({ password, salt, low, resolve, reject });
      dispatch();
    });
  }

  return {
    /** A new hash in Better Auth's `salt:key` format (`LOW_COST_TAG:salt:key` at the low cost). */
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      const low = cost === 'low';
      return `${low ? `${LOW_COST_TAG}:` : ''}${salt}:${await derive(password, salt, low)}`;
    },
    /** Whether `password` matches a stored `salt:key` hash (Better Auth's or ours: the same format). */
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parts = hash.split(':');
      const low = parts.length === 3 && parts[0] === LOW_COST_TAG;
      // A test hash in a production database is refused, never checked at the weak cost.
      if (low && cost !== 'low') throw new Error('Invalid password hash');
      const [salt, key] = low ? parts.slice(1) : parts;
      if (!salt || !key) throw new Error('Invalid password hash');
      return (await derive(password, salt, low)) === key;
    },
    /** For tests and logs: threads started and busy, hashes waiting, and whether nice took effect. */
    get stats() {
      return {
        cost,
        threads: slots.length,
        busy: slots.filter((s) => s.job).length,
        waiting: waiting.length,
        priorityLowered,
      };
    },
    async close(): Promise<void> {
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
