/**
 * Which OPC UA server certificates the gateway trusts: first-use pinning, per connection. The first
 * certificate a connection's server presents is stored as `<pki>/servers/<connection>.der` (a log line
 * gives its SHA-1 thumbprint, to compare with the one the server shows); from then on only that
 * certificate is accepted. Another one is refused (`BadCertificateUntrusted`: no session, no
 * password sent), kept beside it as `<connection>.rejected.der`, and a log line says how to trust it.
 * Pinning per connection, not one shared trust list: the certificate of one PLC must not make the
 * gateway trust it in place of another. Why pinning rather than a folder filled by hand: see
 * apps/agent/README.md ("OPC UA server certificates").
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OPCUACertificateManager, type OPCUACertificateManagerOptions } from 'node-opcua-certificate-manager';
import { StatusCodes, type StatusCode } from 'node-opcua-client';

export interface PinOptions {
  /** The connection's name in the gateway's file; names the pin file. */
  connection: string;
  endpoint: string;
  /** Where the gateway says what it did (stderr: the journal). */
  log: (line: string) => void;
}

/** The first certificate of a DER chain (a SEQUENCE: tag, length, contents). */
export function firstCertificate(chain: Buffer): Buffer {
  const lengthByte = chain[1] ?? 0;
  if (chain[0] !== 0x30 || lengthByte === 0x80) return chain;
  if (lengthByte < 0x80) return chain.subarray(0, 2 + lengthByte);
  const n = lengthByte & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + (chain[2 + i] ?? 0);
  return chain.subarray(0, 2 + n + length);
}

/** SHA-1 thumbprint as OPC UA servers and their configuration tools show it. */
export const thumbprint = (der: Buffer) =>
  createHash('sha1')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

/** The pin file of a connection in a certificate store. */
export const pinFile = (pki: string, connection: string) => join(pki, 'servers', `${connection}.der`);

function readPin(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The client's certificate store (its own key and certificate) with the server check pinned. */
export class PinningCertificateManager extends OPCUACertificateManager {
  private readonly pin: string;

  constructor(
    options: OPCUACertificateManagerOptions & { rootFolder: string },
    private readonly pinning: PinOptions,
  ) {
    super({ ...options, automaticallyAcceptUnknownCertificate: false });
    this.pin = pinFile(options.rootFolder, pinning.connection);
  }

  /** The verdict on the server's certificate (node-opcua asks before it opens a secure channel). */
  verdict(chain: Buffer): StatusCode {
    const presented = firstCertificate(chain);
    const { connection, endpoint, log } = this.pinning;
    const pinned = readPin(this.pin);
    if (!pinned) {
      mkdirSync(dirname(this.pin), { recursive: true });
      // written aside and renamed: a crash never leaves a half pin that would refuse every server
      writeFileSync(`${this.pin}.tmp`, presented);
      renameSync(`${this.pin}.tmp`, this.pin);
      log(
        `${connection}: first connection to ${endpoint}: trusting its certificate from now on ` +
          `(SHA-1 ${thumbprint(presented)}), pinned in ${this.pin}; compare it with the server's`,
      );
      return StatusCodes.Good;
    }
    if (pinned.equals(presented)) return StatusCodes.Good;
    const rejected = this.pin.replace(/\.der$/, '.rejected.der');
    writeFileSync(rejected, presented);
    log(
      `${connection}: REFUSED the certificate of ${endpoint} (SHA-1 ${thumbprint(presented)}): ` +
        `it is not the one pinned in ${this.pin} (SHA-1 ${thumbprint(pinned)}). If the server's ` +
        `certificate was renewed on purpose, move ${rejected} to ${this.pin}`,
    );
    return StatusCodes.BadCertificateUntrusted;
  }

  override checkCertificate(chain: Buffer | Buffer[]): Promise<StatusCode>;
  override checkCertificate(
    chain: Buffer | Buffer[],
    callback: (err: Error | null, status?: StatusCode) => void,
  ): void;
  override checkCertificate(
    chain: Buffer | Buffer[],
    callback?: (err: Error | null, status?: StatusCode) => void,
  ): Promise<StatusCode> | void {
    const answer = new Promise<StatusCode>((resolve) =>
      resolve(this.verdict(Array.isArray(chain) ? Buffer.concat(chain) : chain)),
    );
    if (!callback) return answer;
    answer.then(
      (status) => callback(null, status),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
