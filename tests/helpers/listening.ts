/**
 * Which TCP addresses a process and everything it started listen on, read from Linux's /proc:
 * the process tree from each process's parent pid (/proc/<pid>/stat), its sockets from its open
 * file descriptors (/proc/<pid>/fd → socket:[inode]), and the listening ones from /proc/net/tcp
 * and /proc/net/tcp6 (state 0A), the addresses decoded from the kernel's hex.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the fields after its last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  return inodes;
}

/** The kernel's hex address (little-endian 32-bit words) as text, IPv6 in its short form. */
export function decodeProcAddress(hex: string): string {
  const bytes = Buffer.concat(hex.match(/.{8}/g)!.map((w) => Buffer.from(w, "hex").reverse()));
  if (bytes.length === 4) return [...bytes].join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  // The URL parser writes an IPv6 address in its canonical short form.
  return new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
}

export interface Listener {
  pid: number;
  address: string;
  port: number;
}

/** Every listening TCP socket of `pid` and the processes below it. */
export function listeningSockets(pid: number): Listener[] {
  const owner = new Map<string, number>();
  for (const p of processTree(pid)) for (const inode of socketInodes(p)) owner.set(inode, p);
  const out: Listener[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").trim().split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      const [local, state, inode] = [f[1]!, f[3]!, f[9]!];
      const p = owner.get(inode);
      if (state !== "0A" || p === undefined) continue;
      const [hex, port] = local.split(":") as [string, string];
      out.push({ pid: p, address: decodeProcAddress(hex), port: parseInt(port, 16) });
    }
  }
  return out;
}
