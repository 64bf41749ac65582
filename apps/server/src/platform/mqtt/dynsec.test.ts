import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMosquitto, type TestMosquitto } from '../../test/mosquitto';

describe('dynamic-security client on a closed connection', () => {
  let mosquitto: TestMosquitto;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });

  it('fails the call at once and leaves no answer timer to reject later', async () => {
    const admin = await mosquitto.admin();
    expect(await admin.dynsec.deviceClients()).toEqual([]);
    await admin.close();

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await expect(admin.dynsec.kick('GONE1')).rejects.toThrow();
      // The answer's 5 s timeout would fire here if the failed call had left it behind.
      vi.advanceTimersByTime(10_000);
    } finally {
      vi.useRealTimers();
    }
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
