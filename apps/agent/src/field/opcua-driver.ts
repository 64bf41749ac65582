/**
 * OPC UA driver over node-opcua-client: one session, security None or SignAndEncrypt
 * (Basic256Sha256), anonymous or user/password; a secure channel only to the server whose certificate
 * the connection pinned on first use (`opcua-trust.ts`). A plan is one Read of all its node ids (in chunks the
 * server accepts); a bad status becomes `exception:<StatusCode name>`. Writes are OPC UA Write with the
 * TAG's data type.
 */
import { TagDataType, type WireValue } from '@hmi/contract';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import {
  AttributeIds,
  DataType,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  UserTokenType,
  type ClientSession,
  type DataValue,
  type StatusCode,
  type UserIdentityInfo,
  VariantArrayType,
} from 'node-opcua-client';
import { CodecError, encodeRegisters, toBool } from './codec';
import type { OpcUaConnectionConfig } from './connections';
import { LinkedDriver, type FieldTag, type ScanPlan, type TagReading } from './driver';
import { FieldError } from './errors';
import { PinningCertificateManager } from './opcua-trust';

/** Node ids one Read carries (servers commonly accept far more; this bounds one message). */
const NODES_PER_READ = 500;

const DATA_TYPES: Record<number, DataType> = {
  [TagDataType.BOOL]: DataType.Boolean,
  [TagDataType.UINT16]: DataType.UInt16,
  [TagDataType.UINT32]: DataType.UInt32,
  [TagDataType.UINT64]: DataType.UInt64,
  [TagDataType.INT16]: DataType.Int16,
  [TagDataType.INT32]: DataType.Int32,
  [TagDataType.INT64]: DataType.Int64,
  [TagDataType.FLOAT]: DataType.Float,
  [TagDataType.DOUBLE]: DataType.Double,
  [TagDataType.STRING]: DataType.String,
};

const statusReason = (s: StatusCode) => `exception:${s.name}`.slice(0, 64);

/** node-opcua's 64-bit integers are [high, low] 32-bit words. */
function fromWords(words: [number, number], signed: boolean): number | string {
  let n = (BigInt(words[0] >>> 0) << 32n) | BigInt(words[1] >>> 0);
  if (signed) n = BigInt.asIntN(64, n);
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n.toString();
}

function toWords(value: WireValue, signed: boolean): [number, number] {
  if (
    !(typeof value === 'number' && Number.isInteger(value)) &&
    !(typeof value === 'string' && /^[+-]?\d{1,20}$/.test(value))
  )
    throw new CodecError(`${JSON.stringify(value)} is not an integer`);
  const n = BigInt(value);
  if (signed ? BigInt.asIntN(64, n) !== n : BigInt.asUintN(64, n) !== n)
    throw new CodecError(`${n} is out of range`);
  const u = BigInt.asUintN(64, n);
  return [Number(u >> 32n), Number(u & 0xffffffffn)];
}

function readingOf(tag: FieldTag, dv: DataValue): TagReading {
  if (!dv.statusCode.isGood()) return { tag: tag.name, q: statusReason(dv.statusCode) };
  const v = dv.value;
  const raw: unknown = v.value;
  if (v.dataType === DataType.UInt64 || v.dataType === DataType.Int64)
    return { tag: tag.name, value: fromWords(raw as [number, number], v.dataType === DataType.Int64) };
  if (typeof raw === 'boolean' || typeof raw === 'string') return { tag: tag.name, value: raw };
  if (typeof raw === 'number' && Number.isFinite(raw)) return { tag: tag.name, value: raw };
  return { tag: tag.name, q: 'decode' };
}

export class OpcUaDriver extends LinkedDriver {
  readonly protocol = 'opcua' as const;
  private client: OPCUAClient | null = null;
  private session: ClientSession | null = null;

  constructor(
    name: string,
    private readonly config: OpcUaConnectionConfig,
    /** Where the certificate pinning says what it did (stderr: the journal). */
    private readonly log: (line: string) => void = console.error,
  ) {
    super(name, { timeoutMs: config.timeout_ms, retries: 0, maxInFlight: 1 });
  }

  protected async open(onDrop: (why: string) => void): Promise<void> {
    const secure = this.config.security === 'sign-and-encrypt';
    const { pki: rootFolder, endpoint } = this.config;
    // Security none signs and encrypts nothing, so no certificate is worth checking; a secure
    // channel is opened only to the server whose certificate this connection pinned.
    const clientCertificateManager = secure
      ? new PinningCertificateManager({ rootFolder }, { connection: this.name, endpoint, log: this.log })
      : new OPCUACertificateManager({ rootFolder, automaticallyAcceptUnknownCertificate: true });
    const client = OPCUAClient.create({
      applicationName: 'hmi-gateway',
      endpointMustExist: false,
      securityMode: secure ? MessageSecurityMode.SignAndEncrypt : MessageSecurityMode.None,
      securityPolicy: secure ? SecurityPolicy.Basic256Sha256 : SecurityPolicy.None,
      // our own back-off decides when to try again
      connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 200 },
      transportTimeout: this.config.timeout_ms,
      requestedSessionTimeout: 60_000,
      keepSessionAlive: true,
      clientCertificateManager,
    });
    this.client = client;
    await client.connect(this.config.endpoint);
    const identity: UserIdentityInfo = this.config.user
      ? { type: UserTokenType.UserName, userName: this.config.user, password: this.config.password }
      : { type: UserTokenType.Anonymous };
    try {
      this.session = await client.createSession(identity);
    } catch (err) {
      await client.disconnect().catch(() => undefined);
      throw err;
    }
    client.on('connection_lost', () => onDrop('the connection was lost'));
    client.on('close', () => onDrop('the connection closed'));
  }

  protected async shut(): Promise<void> {
    const { client, session } = this;
    this.client = null;
    this.session = null;
    await session?.close().catch(() => undefined);
    await client?.disconnect().catch(() => undefined);
  }

  private live(): ClientSession {
    if (!this.session) throw new FieldError('disconnected', `${this.name}: not connected`);
    return this.session;
  }

  plan(tags: readonly FieldTag[]): ScanPlan {
    const nodes = tags.filter((t) => t.address.protocol === 'opcua');
    const chunks: FieldTag[][] = [];
    for (let i = 0; i < nodes.length; i += NODES_PER_READ) chunks.push(nodes.slice(i, i + NODES_PER_READ));
    const readChunk = async (chunk: FieldTag[]): Promise<TagReading[]> => {
      try {
        const values = await this.request(() =>
          this.live().read(
            chunk.map((t) => ({
              nodeId: t.address.protocol === 'opcua' ? t.address.nodeId : '',
              attributeId: AttributeIds.Value,
            })),
          ),
        );
        return chunk.map((t, i) => {
          const dv = values[i];
          return dv ? readingOf(t, dv) : { tag: t.name, q: 'decode' };
        });
      } catch (err) {
        const reason = err instanceof FieldError ? err.reason : 'disconnected';
        return chunk.map((t) => ({ tag: t.name, q: reason }));
      }
    };
    return {
      requests: chunks.length,
      read: async () => (await Promise.all(chunks.map(readChunk))).flat(),
    };
  }

  async write(tag: FieldTag, value: WireValue): Promise<void> {
    if (tag.address.protocol !== 'opcua')
      throw new FieldError('config:not an OPC UA address', `${tag.name} has no node id`);
    const dataType = DATA_TYPES[tag.dataType];
    if (dataType === undefined) throw new FieldError('decode', `${tag.name}: data type ${tag.dataType}`);
    let v: unknown;
    try {
      if (dataType === DataType.Boolean) v = toBool(value);
      else if (dataType === DataType.UInt64 || dataType === DataType.Int64)
        v = toWords(value, dataType === DataType.Int64);
      else if (dataType === DataType.String) v = String(value);
      else {
        // the register codec knows each type's range: a value it cannot encode does not fit the node
        encodeRegisters(value, tag.dataType, 'ABCD', 0);
        v = Number(value);
      }
    } catch (err) {
      throw new FieldError('decode', `${tag.name}: ${(err as Error).message}`);
    }
    const nodeId = tag.address.nodeId;
    const status = await this.request(() =>
      this.live().write({
        nodeId,
        attributeId: AttributeIds.Value,
        value: { value: { dataType, arrayType: VariantArrayType.Scalar, value: v } },
      }),
    );
    if (!status.isGood())
      throw new FieldError(statusReason(status), `${tag.name}: the server answered ${status.name}`);
  }
}
