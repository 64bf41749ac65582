import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SeqSource } from '../link/device';

/** One simulated HMI as kept in the identities file. `seq` is the next sequence number it may use. */
export interface Identity {
  sn: string;
  pin: string;
  secret: string;
  model: string;
  seq: number;
}

export interface IdentityFile {
  devices: Identity[];
}

export function readIdentities(path: string): IdentityFile {
  if (!existsSync(path)) return { devices: [] };
  const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<IdentityFile>;
  if (!Array.isArray(data.devices)) throw new Error(`${path}: no "devices" list`);
  for (const d of data.devices)
    if (typeof d.sn !== 'string' || typeof d.secret !== 'string')
      throw new Error(`${path}: every device needs "sn" and "secret"`);
  return { devices: data.devices.map((d) => ({ ...d, seq: Number.isSafeInteger(d.seq) ? d.seq : 0 })) };
}

/** Writes atomically (temp file + rename), mode 0600: the file holds device secrets. */
export function writeIdentities(path: string, file: IdentityFile): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** A new identity (not yet registered): SN `${prefix}-NNN`, random PIN. */
export function newIdentity(prefix: string, index: number, model: string): Omit<Identity, 'secret'> {
  return {
    sn: `${prefix}-${String(index).padStart(3, '0')}`,
    pin: randomBytes(6).toString('hex').slice(0, 8),
    model,
    seq: 0,
  };
}

/**
 * Sequence numbers that survive a restart without a write per batch: the file records a reserved
 * ceiling `block` numbers ahead; numbers are handed out below it and a new block is reserved
 * (persisted first) when it runs out. After a crash the device resumes at the ceiling, so a number
 * is never reused (gaps are harmless: the server only needs them to grow).
 */
export class SeqLease implements SeqSource {
  private n: number;
  private ceiling: number;

  constructor(
    start: number,
    private readonly persist: (ceiling: number) => void,
    private readonly block = 100,
  ) {
    this.n = start - 1;
    this.ceiling = start;
  }

  next(): number {
    const n = this.n + 1;
    if (n >= this.ceiling) {
      this.ceiling = n + this.block;
      this.persist(this.ceiling);
    }
    this.n = n;
    return n;
  }

  last(): number {
    return this.n;
  }

  /** Persists the exact next number (on a clean stop, so no numbers are skipped). */
  release(): void {
    this.ceiling = this.n + 1;
    this.persist(this.ceiling);
  }
}

/** Identities file + leases: one persisted `seq` per device, writes coalesced into one file write. */
export class IdentityStore {
  constructor(
    readonly path: string,
    readonly file: IdentityFile,
  ) {}

  lease(sn: string, block = 100): SeqLease {
    const d = this.file.devices.find((x) => x.sn === sn);
    if (!d) throw new Error(`no identity ${sn}`);
    return new SeqLease(
      d.seq,
      (ceiling) => {
        d.seq = ceiling;
        this.save();
      },
      block,
    );
  }

  save(): void {
    writeIdentities(this.path, this.file);
  }
}
