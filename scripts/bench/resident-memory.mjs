// Where a process's resident memory is, read from outside it (Linux /proc/<pid>/smaps): the
// cold-start step prints this beside its RSS figures (decision 045 says what each part is).
import { readFileSync } from 'node:fs';

const GIB = 1n << 30n;
/** glibc gives each thread that allocates a malloc heap of its own, 64 MiB-aligned and at most 64 MiB. */
const THREAD_HEAP = 64n << 20n;

/**
 * Resident MB by kind, or null where /proc is not there:
 * - wasm: WebAssembly linear memory (PGlite's PostgreSQL: its buffer pool, caches, palloc) — the
 *   readable-writable mapping directly followed by the multi-GB reservation V8 keeps behind it;
 * - malloc: the native heap — the main one ([heap]) and the worker threads' own (V8's compiler
 *   and GC threads, libuv), what native code allocated and what it freed but the allocator kept;
 * - v8: the other anonymous memory — V8's JavaScript heap, ArrayBuffers (PGlite's in-memory
 *   files), large native buffers;
 * - code: anonymous executable memory (JIT-compiled JavaScript and WebAssembly);
 * - files: mapped files (the node binary, shared libraries), shared with other processes.
 */
export function residentBreakdownMb(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  const maps = [];
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      maps.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3],
        name: header[4],
        kb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1].kb = Number(rss[1]);
  }
  const kb = { wasm: 0, malloc: 0, v8: 0, code: 0, files: 0 };
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    const reservedBehind = next && next.start === map.end && next.perms === '---p';
    if (map.name.startsWith('/')) kb.files += map.kb;
    else if (map.name === '[heap]') kb.malloc += map.kb;
    else if (map.name)
      kb.v8 += map.kb; // [stack], [vdso] and the like: a few hundred kB
    else if (map.perms.includes('x')) kb.code += map.kb;
    else if (reservedBehind && next.end - next.start >= 4n * GIB) kb.wasm += map.kb;
    else if (reservedBehind && map.start % THREAD_HEAP === 0n && next.end - map.start === THREAD_HEAP)
      kb.malloc += map.kb;
    else kb.v8 += map.kb;
  });
  return Object.fromEntries(Object.entries(kb).map(([kind, value]) => [kind, Math.round(value / 1024)]));
}

/** One line for the bench's table: "wasm 28 · malloc 50 · V8 heap & buffers 70 · code 7 · files 51 MB". */
export function formatBreakdown(mb) {
  if (!mb) return 'n/a';
  return `WebAssembly ${mb.wasm} · malloc ${mb.malloc} · V8 heap & buffers ${mb.v8} · JIT code ${mb.code} · files ${mb.files} MB`;
}
