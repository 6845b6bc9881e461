// A memory cap like a container's, without Docker: one cgroup per server process.
// cgroup v1 (memory.limit_in_bytes) or v2 (memory.max), whichever this machine lets us write;
// otherwise `detectMemoryCap` says why and the run is uncapped.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V1_ROOT = '/sys/fs/cgroup/memory';
const V2_ROOTS = ['/sys/fs/cgroup', '/sys/fs/cgroup/unified'];
const PREFIX = 'json-parse-binary-bench-http';

function canMakeGroupIn(root) {
  const probe = join(root, `${PREFIX}-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

function readOr(path, fallback) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

/** Reads `key value` lines (memory.events, memory.oom_control) into numbers. */
export function parseKeyValueLines(text) {
  const result = {};
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value !== undefined && /^\d+$/.test(value)) result[key] = Number(value);
  }
  return result;
}

/**
 * @returns {{ version: 1 | 2, root: string } | { version: null, reason: string }}
 */
export function detectMemoryCap() {
  if (existsSync(join(V1_ROOT, 'memory.limit_in_bytes'))) {
    if (canMakeGroupIn(V1_ROOT)) return { version: 1, root: V1_ROOT };
  }
  for (const root of V2_ROOTS) {
    const controllers = readOr(join(root, 'cgroup.subtree_control'), '');
    if (existsSync(join(root, 'cgroup.controllers')) && controllers.split(/\s+/).includes('memory') && canMakeGroupIn(root)) {
      return { version: 2, root };
    }
  }
  const why = process.getuid?.() === 0 ? 'no writable cgroup v1 memory hierarchy or cgroup v2 with the memory controller' : 'not root';
  return { version: null, reason: `uncapped: ${why}` };
}

let serial = 0;
const live = new Set();

/** Makes a group capped at `capBytes`; `spawnPrefix` runs a command inside it. */
export function createMemoryGroup(cap, capBytes) {
  const path = join(cap.root, `${PREFIX}-${process.pid}-${++serial}`);
  mkdirSync(path);
  live.add(path);
  if (cap.version === 1) {
    writeFileSync(join(path, 'memory.limit_in_bytes'), String(capBytes));
    // With swap, a capped process would page out instead of failing; the cap must cover swap too.
    if (existsSync(join(path, 'memory.memsw.limit_in_bytes'))) writeFileSync(join(path, 'memory.memsw.limit_in_bytes'), String(capBytes));
  } else {
    writeFileSync(join(path, 'memory.max'), String(capBytes));
    if (existsSync(join(path, 'memory.swap.max'))) writeFileSync(join(path, 'memory.swap.max'), '0');
  }
  return {
    path,
    capBytes,
    /** `sh -c` joins the group before exec, so the server's first byte is already counted. */
    wrap(command, args) {
      return { command: 'sh', args: ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', path, command, ...args] };
    },
    resetPeak() {
      if (cap.version === 1) writeFileSync(join(path, 'memory.max_usage_in_bytes'), '0');
      // cgroup v2's memory.peak is reset per open file only (Linux 6.12+): the v2 peak includes warm-up.
    },
    usageBytes() {
      return Number(readOr(join(path, cap.version === 1 ? 'memory.usage_in_bytes' : 'memory.current'), 'NaN'));
    },
    read() {
      if (cap.version === 1) {
        const oom = parseKeyValueLines(readOr(join(path, 'memory.oom_control'), ''));
        return {
          peakBytes: Number(readOr(join(path, 'memory.max_usage_in_bytes'), 'NaN')),
          limitHits: Number(readOr(join(path, 'memory.failcnt'), 'NaN')),
          oomKills: oom.oom_kill ?? null,
        };
      }
      const events = parseKeyValueLines(readOr(join(path, 'memory.events'), ''));
      return {
        peakBytes: Number(readOr(join(path, 'memory.peak'), 'NaN')),
        limitHits: events.max ?? null,
        oomKills: events.oom_kill ?? null,
      };
    },
    /** Removes the group; its processes must have exited. Bounded wait for the kernel to let go. */
    remove() {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          rmdirSync(path);
          live.delete(path);
          return true;
        } catch (error) {
          if (error.code === 'ENOENT') {
            live.delete(path);
            return true;
          }
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 40);
        }
      }
      return false;
    },
  };
}

/** For exit handlers: kill what is left in every group this process made, then remove them. */
export function removeAllMemoryGroups() {
  for (const path of [...live]) {
    for (const pid of readOr(join(path, 'cgroup.procs'), '').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {}
    }
    for (let attempt = 0; attempt < 50 && live.has(path); attempt++) {
      try {
        rmdirSync(path);
        live.delete(path);
      } catch {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 40);
      }
    }
  }
}

/** Groups left by an earlier run that was killed outright (SIGKILL skips exit handlers). */
export function removeStaleGroups(cap) {
  for (const name of readdirSync(cap.root)) {
    const match = new RegExp(`^${PREFIX}-(\\d+)-\\d+$`).exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    try {
      if (readOr(join(cap.root, name, 'cgroup.procs'), '').trim() === '') rmdirSync(join(cap.root, name));
    } catch {}
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
