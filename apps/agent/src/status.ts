import type { DeviceStatus } from './link/device';

/** One compact line per device: SN, connected, last seq, batches, last write, config version, error. */
export function statusLine(s: DeviceStatus): string {
  const parts = [
    s.sn.padEnd(16),
    s.connected ? 'online ' : 'offline',
    `seq ${s.lastSeq ?? '-'}`.padEnd(14),
    `batches ${s.batches}`.padEnd(14),
    `cfg v${s.configVersion}`.padEnd(8),
    `write ${s.lastWrite ?? '-'}`,
  ];
  if (s.error && !s.connected) parts.push(`(${s.error})`);
  return parts.join('  ');
}

export interface StatusBoardOptions {
  out?: NodeJS.WriteStream;
  /** Redraw period (TTY) or print period (plain), ms. */
  intervalMs?: number;
}

/**
 * Live status in the terminal: redrawn in place on a TTY (cursor up + clear line), otherwise the
 * lines printed every `intervalMs` (plain, for logs and pipes).
 */
export class StatusBoard {
  private readonly out: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly intervalMs: number;
  private drawn = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sources: () => DeviceStatus[],
    o: StatusBoardOptions = {},
  ) {
    this.out = o.out ?? process.stdout;
    this.tty = this.out.isTTY === true;
    this.intervalMs = o.intervalMs ?? (this.tty ? 500 : 10_000);
  }

  start(): void {
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  draw(): void {
    const list = this.sources();
    const online = list.filter((s) => s.connected).length;
    const lines = [
      `${new Date().toISOString()}  ${online}/${list.length} connected`,
      ...list.map(statusLine),
    ];
    if (this.tty) {
      const width = this.out.columns || 120;
      let text = this.drawn ? `\x1b[${this.drawn}F` : '';
      for (const l of lines) text += `\x1b[2K${l.slice(0, width - 1)}\n`;
      this.out.write(text);
      this.drawn = lines.length;
    } else {
      this.out.write(`${lines.join('\n')}\n`);
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.draw();
  }
}
