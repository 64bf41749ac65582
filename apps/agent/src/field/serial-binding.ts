/**
 * The serial binding of Modbus RTU lines: serialport's own (it opens the port and sets the line up),
 * except that reads and writes are non-blocking system calls made on the event loop's thread when the
 * port's poller says it is ready. serialport's binding hands every read and write to libuv's thread
 * pool (fs.read / fs.write): an answer then costs a hand-over to a pool thread and back per chunk, and an
 * empty read before waiting. On the bench's emulated 115,200 baud line (bench/field.ts, load average
 * 9-14 on 2 cores) a bare modbus-serial loop took 0.33-0.40 ms (median) from an answer's last byte to
 * its next request with serialport's binding, 0.22-0.28 ms with this one; mbpoll (C) 0.13-0.14 ms.
 */
import { readSync, writeSync } from 'node:fs';
import { SerialPort } from 'serialport';

/**
 * serialport's port binding as used here (its own types package, @serialport/bindings-interface, does not
 * resolve under this project's module settings: its exports carry no types).
 */
interface PortBinding {
  readonly isOpen: boolean;
  readonly openOptions: object;
  close(): Promise<void>;
  read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>;
  write(buffer: Buffer): Promise<void>;
  update(options: { baudRate: number }): Promise<void>;
  set(options: object): Promise<void>;
  get(): Promise<object>;
  getBaudRate(): Promise<{ baudRate: number }>;
  flush(): Promise<void>;
  drain(): Promise<void>;
}

type OpenOptions = Parameters<typeof SerialPort.binding.open>[0];

/** What a Unix port of serialport's binding has beyond the interface: its descriptor and poller. */
interface UnixPort extends PortBinding {
  fd: number | null;
  poller: { once(event: 'readable' | 'writable', cb: (err: Error | null) => void): unknown };
}

const isUnixPort = (p: PortBinding): p is UnixPort =>
  'poller' in p && 'fd' in p && (typeof p.fd === 'number' || p.fd === null);

/** Nothing to read or no room to write now: wait for the poller. */
const NOT_READY = new Set(['EAGAIN', 'EWOULDBLOCK', 'EINTR']);
/** The device went away (as serialport's binding marks them, so that the stream reports a disconnect). */
const GONE = new Set(['EBADF', 'ENXIO', 'EIO', 'UNKNOWN']);

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? '';

const closed = () => Object.assign(new Error('Port is not open'), { canceled: true });

function rethrow(err: unknown): never {
  if (GONE.has(codeOf(err))) Object.assign(err as object, { disconnect: true });
  throw err;
}

class EventLoopPort implements PortBinding {
  constructor(private readonly base: UnixPort) {}

  get isOpen(): boolean {
    return this.base.isOpen;
  }

  get openOptions(): object {
    return this.base.openOptions;
  }

  private ready(event: 'readable' | 'writable'): Promise<void> {
    return new Promise((resolve, reject) =>
      this.base.poller.once(event, (err) => (err ? reject(err) : resolve())),
    );
  }

  private fd(): number {
    const fd = this.base.fd;
    if (fd === null) throw closed();
    return fd;
  }

  /**
   * Whether the last read found the kernel's buffer empty or emptied it (it came back short): the next
   * read waits for the poller first. serialport's stream asks for the next chunk as soon as it has one,
   * and a read bound to fail costs a system call and an EAGAIN exception on the path from an answer to
   * the next request (the poller is level-triggered: bytes that came meanwhile are reported at once).
   */
  private empty = true;

  async read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
    for (;;) {
      if (this.empty) await this.ready('readable');
      try {
        const bytesRead = readSync(this.fd(), buffer, offset, length, null);
        this.empty = bytesRead < length;
        if (bytesRead > 0) return { buffer, bytesRead };
      } catch (err) {
        if (!NOT_READY.has(codeOf(err))) rethrow(err);
        this.empty = true;
      }
    }
  }

  async write(buffer: Buffer): Promise<void> {
    for (let done = 0; done < buffer.length;) {
      try {
        done += writeSync(this.fd(), buffer, done);
        continue;
      } catch (err) {
        if (!NOT_READY.has(codeOf(err))) rethrow(err);
      }
      await this.ready('writable');
    }
  }

  close(): Promise<void> {
    return this.base.close();
  }
  update(options: { baudRate: number }): Promise<void> {
    return this.base.update(options);
  }
  set(options: object): Promise<void> {
    return this.base.set(options);
  }
  get(): Promise<object> {
    return this.base.get();
  }
  getBaudRate(): Promise<{ baudRate: number }> {
    return this.base.getBaudRate();
  }
  flush(): Promise<void> {
    return this.base.flush();
  }
  drain(): Promise<void> {
    return this.base.drain();
  }
}

/** serialport's binding for this platform, with reads and writes on the event loop on Linux and macOS. */
export const eventLoopSerialBinding = {
  list: () => SerialPort.binding.list(),
  async open(options: OpenOptions): Promise<PortBinding> {
    const port: PortBinding = await SerialPort.binding.open(options);
    return isUnixPort(port) ? new EventLoopPort(port) : port;
  },
};
