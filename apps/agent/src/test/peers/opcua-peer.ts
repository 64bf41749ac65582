/**
 * Test support: node-opcua-server as the OPC UA peer, with security None and SignAndEncrypt
 * (Basic256Sha256) and one user (`operator` / `secret`). Variables `ns=1;s=Line1.<Name>` of the types
 * given, readable and writable.
 */
import { createServer, type AddressInfo } from 'node:net';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import {
  DataType,
  MessageSecurityMode,
  SecurityPolicy,
  StatusCodes,
  Variant,
  VariantArrayType,
} from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';

export const OPCUA_USER = { user: 'operator', password: 'secret' };

export interface OpcUaPeer {
  endpoint: string;
  /** The current value of a variable (as node-opcua holds it). */
  value(name: string): unknown;
  set(name: string, value: unknown): void;
  /** The server's certificate (DER), as it presents it. */
  certificate(): Buffer;
  /** Sessions opened since it started. */
  sessions(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export async function startOpcUaPeer(
  pki: string,
  variables: Record<string, [DataType, unknown]>,
): Promise<OpcUaPeer> {
  const server = new OPCUAServer({
    port: await freePort(),
    hostname: '127.0.0.1',
    serverCertificateManager: new OPCUACertificateManager({
      rootFolder: pki,
      automaticallyAcceptUnknownCertificate: true,
    }),
    securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
    securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
    userManager: {
      isValidUser: (u: string, p: string) => u === OPCUA_USER.user && p === OPCUA_USER.password,
    },
    allowAnonymous: true,
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace;
  if (!addressSpace) throw new Error('OPC UA server without address space');
  const ns = addressSpace.getOwnNamespace();
  const values = new Map<string, unknown>();
  for (const [name, [dataType, initial]] of Object.entries(variables)) {
    values.set(name, initial);
    ns.addVariable({
      organizedBy: addressSpace.rootFolder.objects,
      browseName: name,
      nodeId: `s=Line1.${name}`,
      dataType: DataType[dataType],
      minimumSamplingInterval: 100,
      value: {
        get: () => new Variant({ dataType, arrayType: VariantArrayType.Scalar, value: values.get(name) }),
        set: (v: Variant) => {
          values.set(name, v.value);
          return StatusCodes.Good;
        },
      },
    });
  }
  await server.start();
  return {
    endpoint: `opc.tcp://127.0.0.1:${server.endpoints[0]?.port ?? 0}`,
    value: (name) => values.get(name),
    set: (name, value) => values.set(name, value),
    certificate: () => Buffer.from(server.endpoints[0]?.getCertificate() ?? []),
    sessions: () => server.engine.cumulatedSessionCount,
    stop: () => server.shutdown(),
  };
}
