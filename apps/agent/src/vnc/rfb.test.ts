import { TagDataType, type WireValue } from '@hmi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { HmiScreen, type PageTag } from './hmi-screen';
import { indicatorRect, rowRects, valueRect } from './hmi-page';
import { pixelValue, type PixelFormat } from './pixel-format';
import { contains, union } from './rects';
import { RfbServer } from './rfb-server';
import { decodePixel, RfbTestClient } from '../test/rfb-test-client';
import { desEncrypt, vncKey } from './vnc-auth';

const tags: PageTag[] = [
  { name: 'temperature', dataType: TagDataType.FLOAT, min: 18, max: 32 },
  { name: 'running', dataType: TagDataType.BOOL },
  { name: 'status', dataType: TagDataType.STRING },
  { name: 'setpoint', dataType: TagDataType.FLOAT },
];

function makeScreen() {
  const values = new Map<string, WireValue>([
    ['temperature', 21.5],
    ['running', false],
    ['status', 'IDLE'],
    ['setpoint', 25],
  ]);
  const acts: [string, WireValue][] = [];
  const screen = new HmiScreen({
    title: 'HMI TEST-1',
    tags: () => tags,
    value: (t) => values.get(t),
    act: (t, v) => {
      acts.push([t, v]);
      values.set(t, v);
    },
    now: () => Date.UTC(2024, 0, 1, 12, 0, 0),
    clockMs: 3_600_000,
  });
  return { screen, values, acts };
}

const open: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.stop();
});

async function connect(o: { password?: string } = {}) {
  const s = makeScreen();
  const server = new RfbServer(s.screen, { password: o.password ?? null });
  const { client, socket } = await RfbTestClient.tcp(await server.listen());
  open.push({
    stop: async () => {
      socket.destroy();
      s.screen.stop();
      await server.close();
    },
  });
  return { ...s, server, client, socket };
}

/** How many pixels differ (0 when equal; much faster than a deep equal of 384000 numbers). */
function differing(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let n = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) n += 1;
  return n;
}

/** The framebuffer as the client should see it in `pf` (each channel quantized, then scaled back). */
function expected(screen: HmiScreen, pf: PixelFormat): Uint32Array {
  return screen.fb.pixels.map((rgb) => decodePixel(pixelValue(rgb, pf), pf));
}

describe('VNC authentication', () => {
  it('is DES of the challenge with the bit-reversed password', () => {
    // FIPS 81 / classic DES test vectors.
    const key = Buffer.from('133457799BBCDFF1', 'hex');
    expect(desEncrypt(key, Buffer.from('0123456789ABCDEF', 'hex')).toString('hex')).toBe('85e813540f0ab405');
    const k2 = Buffer.from('0123456789ABCDEF', 'hex');
    expect(desEncrypt(k2, Buffer.from('Now is t', 'latin1')).toString('hex')).toBe('3fa40e8a984d4815');
    // 'a' = 0b01100001 → 0b10000110; longer passwords are cut at 8 bytes.
    expect(vncKey('a').toString('hex')).toBe('8600000000000000');
    expect(vncKey('abcdefghij')).toEqual(vncKey('abcdefgh'));
  });
});

describe('RFB handshake', () => {
  it('3.8 with security None ends in ServerInit 800×480 with the screen name', async () => {
    const { client } = await connect();
    const r = await client.handshake();
    expect(r).toMatchObject({ server: 'RFB 003.008\n', types: [1], result: 0 });
    expect([client.width, client.height, client.name]).toEqual([800, 480, 'HMI TEST-1']);
    expect(client.serverFormat).toMatchObject({ bitsPerPixel: 32, depth: 24, trueColour: true });
  });

  it('VNC Authentication: the right password passes, a wrong one gets a reason and the close', async () => {
    const ok = await connect({ password: 'secret' });
    expect(await ok.client.handshake({ password: 'secret' })).toMatchObject({ types: [2], result: 0 });
    expect(ok.client.width).toBe(800);

    const bad = await connect({ password: 'secret' });
    const r = await bad.client.handshake({ password: 'guess' });
    expect(r).toMatchObject({ result: 1, reason: 'authentication failed' });
    await expect(bad.client.input.read(1)).rejects.toThrow(/ended/);
  });

  it('a client asking for None where a password is set is refused', async () => {
    const { client } = await connect({ password: 'secret' });
    expect(await client.handshake()).toMatchObject({ types: [2], result: 1 });
  });

  it('accepts 3.3 and 3.7 clients', async () => {
    const v33 = await connect({ password: 'pw' });
    expect(await v33.client.handshake({ version: '003.003', password: 'pw' })).toMatchObject({
      types: [2],
      result: 0,
    });
    const v37 = await connect();
    expect(await v37.client.handshake({ version: '003.007' })).toMatchObject({ types: [1], result: 0 });
    expect(v37.client.width).toBe(800);
  });
});

describe('RFB updates', () => {
  it('Raw and zlib full updates decode to the framebuffer; zlib keeps one stream', async () => {
    const raw = await connect();
    await raw.client.handshake();
    raw.client.request(false);
    const rawUpdate = await raw.client.readUpdate();
    expect(rawUpdate.rects).toEqual([{ x: 0, y: 0, w: 800, h: 480, encoding: 0 }]);
    expect(differing(raw.client.pixels, raw.screen.fb.pixels)).toBe(0);

    const z = await connect();
    await z.client.handshake();
    z.client.setEncodings([6, 0, -223]);
    z.client.request(false);
    const zUpdate = await z.client.readUpdate();
    expect(zUpdate.rects[0]?.encoding).toBe(6);
    expect(differing(z.client.pixels, z.screen.fb.pixels)).toBe(0);
    // A second update inflates with the same inflater only if the server kept its deflate stream.
    z.values.set('status', 'HEATING');
    z.screen.refresh();
    z.client.request(true);
    await z.client.readUpdate();
    expect(differing(z.client.pixels, z.screen.fb.pixels)).toBe(0);
    console.warn(`full 800x480 update: Raw ${rawUpdate.bytes} bytes, zlib ${zUpdate.bytes} bytes`);
    expect(zUpdate.bytes).toBeLessThan(rawUpdate.bytes / 20);
  });

  it.each<[string, PixelFormat]>([
    [
      '16 bpp RGB565 little-endian',
      {
        bitsPerPixel: 16,
        depth: 16,
        bigEndian: false,
        trueColour: true,
        redMax: 31,
        greenMax: 63,
        blueMax: 31,
        redShift: 11,
        greenShift: 5,
        blueShift: 0,
      },
    ],
    [
      '32 bpp big-endian BGR',
      {
        bitsPerPixel: 32,
        depth: 24,
        bigEndian: true,
        trueColour: true,
        redMax: 255,
        greenMax: 255,
        blueMax: 255,
        redShift: 0,
        greenShift: 8,
        blueShift: 16,
      },
    ],
    [
      '8 bpp BGR233',
      {
        bitsPerPixel: 8,
        depth: 8,
        bigEndian: false,
        trueColour: true,
        redMax: 7,
        greenMax: 7,
        blueMax: 3,
        redShift: 0,
        greenShift: 3,
        blueShift: 6,
      },
    ],
  ])('SetPixelFormat %s decodes back to the same colours', async (_, pf) => {
    const { client, screen } = await connect();
    await client.handshake();
    client.setPixelFormat(pf);
    client.setEncodings([6]);
    client.request(false);
    await client.readUpdate();
    expect(differing(client.pixels, expected(screen, pf))).toBe(0);
    if (pf.bitsPerPixel === 32) expect(differing(client.pixels, screen.fb.pixels)).toBe(0);
  });

  it('holds an incremental request until a TAG changes, then sends only what changed', async () => {
    const { client, screen, values } = await connect();
    await client.handshake();
    client.setEncodings([6]);
    client.request(false);
    await client.readUpdate();
    // The key event after the request shows the server has read it; two turns let it answer if it would.
    const keyed = new Promise<void>((resolve) => (screen.key = () => resolve()));
    client.request(true);
    client.send(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]));
    await keyed;
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(client.input.length).toBe(0);

    values.set('temperature', 30.25);
    screen.refresh();
    const update = await client.readUpdate();
    const row = rowRects(tags.length)[0];
    if (!row) throw new Error('no row');
    const changed = union(valueRect(row), indicatorRect(row));
    expect(update.rects.length).toBeGreaterThan(0);
    for (const r of update.rects) expect(contains(changed, r)).toBe(true);
    const area = update.rects.reduce((n, r) => n + r.w * r.h, 0);
    expect(area).toBeLessThan((800 * 480) / 20);
    expect(update.bytes).toBeLessThan(2000);
    console.warn(`one changed TAG: ${update.rects.length} rectangles, ${update.bytes} bytes (zlib)`);
    expect(differing(client.pixels, screen.fb.pixels)).toBe(0);
  });

  it('continuous updates: announced with a fence, then changes flow without requests until disabled', async () => {
    const { client, screen, values } = await connect();
    await client.handshake();
    client.setEncodings([6, -312, -313]);
    // The server's fence request, then EndOfContinuousUpdates: how noVNC learns both are there.
    const fence = await client.input.read(9);
    expect([fence.readUInt8(0), fence.readUInt32BE(4) >>> 0, fence.readUInt8(8)]).toEqual([
      248, 0x80000000, 0,
    ]);
    expect([...(await client.input.read(1))]).toEqual([150]);
    client.request(false);
    await client.readUpdate();
    // Enabled for the whole screen: no more requests from here on.
    client.send(Buffer.from([150, 1, 0, 0, 0, 0, 3, 32, 1, 224]));
    for (const t of [30.25, 19.5, 27]) {
      values.set('temperature', t);
      screen.refresh();
      const update = await client.readUpdate();
      expect(update.rects.length).toBeGreaterThan(0);
      expect(differing(client.pixels, screen.fb.pixels)).toBe(0);
    }
    // A client fence asking for an answer gets it back without the request bit, payload unchanged.
    client.send(Buffer.from([248, 0, 0, 0, 0x80, 0, 0, 2, 2, 7, 9]));
    expect([...(await client.input.read(11))]).toEqual([248, 0, 0, 0, 0, 0, 0, 2, 2, 7, 9]);
    // Disabled: EndOfContinuousUpdates, and a change waits for a request again.
    const keyed = new Promise<void>((resolve) => (screen.key = () => resolve()));
    client.send(Buffer.from([150, 0, 0, 0, 0, 0, 3, 32, 1, 224]));
    expect([...(await client.input.read(1))]).toEqual([150]);
    values.set('temperature', 22);
    screen.refresh();
    client.send(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]));
    await keyed;
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(client.input.length).toBe(0);
    client.request(true);
    expect((await client.readUpdate()).rects.length).toBeGreaterThan(0);
  });

  it('closes on a fence with an oversized payload', async () => {
    const { client, socket } = await connect();
    await client.handshake();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    client.send(Buffer.concat([Buffer.from([248, 0, 0, 0, 0, 0, 0, 0, 65]), Buffer.alloc(65)]));
    await closed;
  });

  it('a click on START toggles running; the button turns into STOP', async () => {
    const { client, screen, acts } = await connect();
    await client.handshake();
    client.request(false);
    await client.readUpdate();
    const run = screen.buttonList().find((b) => b.id === 'run');
    if (!run) throw new Error('no run button');
    const before = client.pixels.slice();
    client.request(true);
    client.click(run.rect.x + 10, run.rect.y + 10);
    // A press outside any button and a release elsewhere do nothing.
    client.pointer(5, 300, 1);
    client.pointer(run.rect.x + 10, run.rect.y + 10, 0);
    const update = await client.readUpdate();
    expect(acts).toEqual([['running', true]]);
    // Only the button and the running row's value and lamp were redrawn.
    const row = rowRects(tags.length)[1];
    if (!row) throw new Error('no row');
    const allowed = [run.rect, union(valueRect(row), indicatorRect(row))];
    for (const r of update.rects) expect(allowed.some((a) => contains(a, r))).toBe(true);
    expect(differing(client.pixels, before)).toBeGreaterThan(0);
  });
});

describe('RFB input bounds', () => {
  it('ignores cut text within the limit and closes on oversized cut text', async () => {
    const { client, server } = await connect();
    await client.handshake();
    client.cutText(Buffer.from('hello'));
    client.request(false);
    await client.readUpdate();
    client.cutText(Buffer.alloc(0), 10 * 1024 * 1024);
    await expect(client.input.read(1)).rejects.toThrow(/ended/);
    expect(server.clients).toBe(0);
  });

  it.each([
    ['an unknown message type', Buffer.from([200])],
    ['too many encodings', Buffer.from([2, 0, 0xff, 0xff])],
    ['a colour-map pixel format', Buffer.from([0, 0, 0, 0, 8, 8, 0, 0, ...Buffer.alloc(12)])],
    ['a bad ProtocolVersion', null],
  ])('closes on %s', async (_, bytes) => {
    const { client, socket } = await connect();
    if (bytes) {
      await client.handshake();
      socket.write(bytes);
    } else {
      await client.input.read(12);
      socket.write('GET / HTTP/1.1\n');
    }
    await expect(client.input.read(1)).rejects.toThrow(/ended/);
  });
});
