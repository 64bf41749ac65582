import { login as loginCall } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/passwords';
import { createMainAccount, TEST_PASSWORD } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';

const WRONG = 'Wrong#2026x';

/**
 * Login limits against guessing that a stranger cannot turn into a lock-out: attempts are counted
 * before the password is checked, per (account, address) pair with growing delays, under a per-account
 * ceiling that only slows.
 */
describe.each(databases)('login limits on $name', (database) => {
  /** Password checks the server made (scrypt runs), through the test knob. */
  let checks = 0;
  const h = useHarness(database, {
    deps: {
      verifyPassword: (password, stored) => {
        checks += 1;
        return verifyPassword(password, stored);
      },
    },
  });

  const attempt = (user: string, passwd: string, ip: string) =>
    api(h.app, loginCall, { query: { type: '1' }, body: { user, passwd }, ip });

  it('100 concurrent wrong passwords from one address get at most 5 password checks', async () => {
    const { username } = await createMainAccount(h);
    checks = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => attempt(username, WRONG, '10.9.0.1')),
    );
    const wrong = answers.filter((r) => r.body.code === 1004).length;
    const refused = answers.filter((r) => r.body.code === 1201 && r.status === 429).length;
    expect(checks).toBeLessThanOrEqual(5);
    expect(wrong).toBe(checks);
    expect(wrong + refused).toBe(100);
  });

  it("a stranger's 100 failures from another address do not keep the owner out", async () => {
    const { username } = await createMainAccount(h);
    await Promise.all(Array.from({ length: 100 }, () => attempt(username, WRONG, '10.9.1.1')));
    for (let i = 0; i < 100; i += 1) await attempt(username, WRONG, '10.9.1.1');
    const owner = await attempt(username, TEST_PASSWORD, '10.9.1.2');
    expect(owner.body.code).toBe(0);
  });

  it('one address guessing one account waits longer and longer; a success clears its count', async () => {
    const { username } = await createMainAccount(h);
    const ip = '10.9.2.1';
    const waits: number[] = [];
    // Guess until refused, note the wait, sit it out, three times over.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 30; i += 1) {
        const r = await attempt(username, WRONG, ip);
        if (r.body.code === 1004) continue;
        expect(r.body.code).toBe(1201);
        waits.push(Number(r.headers['retry-after']));
        break;
      }
      expect(waits).toHaveLength(round + 1);
      // Even the right password waits: the pair is what is limited, not the password.
      expect((await attempt(username, TEST_PASSWORD, ip)).body.code).toBe(1201);
      expect((await attempt(username, TEST_PASSWORD, '10.9.2.2')).body.code).toBe(0);
      h.clock.advance((waits[round] ?? 0) * 1000);
    }
    const [first = 0, second = 0, third = 0] = waits;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    expect(third).toBeLessThanOrEqual(3600);
    expect((await attempt(username, TEST_PASSWORD, ip)).body.code).toBe(0);
    // The success cleared the pair: five more guesses are allowed at once.
    for (let i = 0; i < 5; i += 1) expect((await attempt(username, WRONG, ip)).body.code).toBe(1004);
  });

  it('guesses from many addresses hit a per-account ceiling that only slows (Retry-After under a minute)', async () => {
    const { username } = await createMainAccount(h);
    let refused = null;
    for (let i = 1; i <= 60 && !refused; i += 1) {
      const r = await attempt(username, WRONG, `10.9.3.${i}`);
      if (r.body.code === 1201) refused = r;
      else expect(r.body.code).toBe(1004);
    }
    expect(refused).not.toBeNull();
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    h.clock.advance(wait * 1000);
    expect((await attempt(username, TEST_PASSWORD, '10.9.3.200')).body.code).toBe(0);
  });
});
