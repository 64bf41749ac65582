import { createCipheriv, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * DES in ECB mode over whole 8-byte blocks. OpenSSL 3 keeps single DES in its legacy provider, which
 * Node does not load; two-key triple DES (EDE) with both keys equal is single DES (E_k D_k E_k = E_k)
 * and stays in the default provider.
 */
export function desEncrypt(key: Buffer, data: Buffer): Buffer {
  if (key.length !== 8 || data.length % 8 !== 0) throw new Error('DES needs an 8-byte key and whole blocks');
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function reverseBits(b: number): number {
  let r = 0;
  for (let i = 0; i < 8; i += 1) r |= ((b >> i) & 1) << (7 - i);
  return r;
}

/** The VNC Authentication key: the password's first 8 bytes, zero-padded, each byte bit-reversed. */
export function vncKey(password: string): Buffer {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  return Buffer.from(key.map(reverseBits));
}

/** The 16-byte response a client with `password` gives to `challenge`. */
export function vncResponse(password: string, challenge: Buffer): Buffer {
  return desEncrypt(vncKey(password), challenge);
}

export function newChallenge(): Buffer {
  return randomBytes(16);
}

export function checkVncResponse(password: string, challenge: Buffer, response: Buffer): boolean {
  const want = vncResponse(password, challenge);
  return response.length === want.length && timingSafeEqual(response, want);
}
