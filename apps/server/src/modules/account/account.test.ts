import {
  register,
  activate,
  login as loginCall,
  phoneVerify,
  resendMail,
  getUserInfo,
  getMessageCounts,
  editUserInfo,
  refreshToken,
  logout,
  changePwd,
  forgetVerify,
  modifyPwd,
  removal,
  getLogin,
  allPermissionIds,
  dataCenterSchema,
  type CallResponse,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import {
  api,
  activationCodeIn,
  call,
  lastOutbox,
  sixDigitCodeIn,
  type ApiBody,
  type CallResult,
} from '../../test/harness';
import { useHarness } from '../../test/suite';
import { createMainAccount, createSubAccount, TEST_PASSWORD } from '../../test/accounts';

const PASSWORD = 'Secret#2026';
let seq = 0;
const uniqueMail = (tag: string) => `${tag}.${++seq}.${Date.now().toString(36)}@Example.com`;
const uniquePhone = () =>
  `139${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 100).padStart(2, '0')}`;

function expectCode(r: CallResult, code: number, status?: number) {
  expect({ code: r.body.code, msg: r.body.msg }).toMatchObject({ code });
  if (status !== undefined) expect(r.status).toBe(status);
}

describe.each(databases)('accounts on $name', (database) => {
  const h = useHarness(database);

  const registerBody = (
    username: string,
    extra: Partial<ApiBody<typeof register>> = {},
  ): ApiBody<typeof register> => ({
    username,
    passwd: PASSWORD,
    confirm: PASSWORD,
    name: 'Tester',
    data_center: 'eu',
    agree: true,
    locale: 'en-US',
    ...extra,
  });

  async function registerMail(username: string): Promise<string> {
    const r = await api(h.app, register, { query: { type: '1' }, body: registerBody(username) });
    expectCode(r, 1014, 200);
    expect(r.body.data).toEqual({ activated: false });
    return activationCodeIn(lastOutbox(h.dataDir, username).text);
  }

  async function activeMailAccount(tag = 'user'): Promise<string> {
    const username = uniqueMail(tag);
    const code = await registerMail(username);
    expectCode(await api(h.app, activate, { query: { code } }), 0);
    return username;
  }

  async function login(
    user: string,
    passwd = PASSWORD,
    ip?: string,
  ): Promise<CallResponse<typeof loginCall>> {
    const r = await api(h.app, loginCall, {
      query: { type: '1' },
      body: { user, passwd },
      ...(ip ? { ip } : {}),
    });
    expectCode(r, 0, 200);
    return r.body.data;
  }

  async function sendPhoneCode(phone: string, scene: 'register' | 'forget' = 'register'): Promise<string> {
    const r = await api(h.app, phoneVerify, { query: { scene }, body: { phone } });
    expectCode(r, 0);
    expect(r.body.data).toEqual({ resend_after: 60 });
    return sixDigitCodeIn(lastOutbox(h.dataDir, `+86${phone}`).text);
  }

  describe('registration by mail', () => {
    it('answers 1014, mails a link valid 48 h, and the link activates the account once (idempotent)', async () => {
      const username = uniqueMail('reg');
      const code = await registerMail(username);
      const mail = lastOutbox(h.dataDir, username);
      expect(mail.subject).toBe('Activate your HMI Cloud account');
      expect(mail.text).toContain(`http://console.test/#/activeresult?code=${code}`);

      expectCode(
        await api(h.app, loginCall, { query: { type: '1' }, body: { user: username, passwd: PASSWORD } }),
        1031,
        403,
      );

      const a = await api(h.app, activate, { query: { code } });
      expectCode(a, 0, 200);
      expect(a.body.data.username).toBe(username);
      expectCode(await api(h.app, activate, { query: { code } }), 0);

      const tokens = await login(username.toUpperCase());
      expect(tokens.expires_in).toBe(7200);
      expect(tokens.host).toBe('http://console.test');
    });

    it('picks the mail language from locale', async () => {
      const username = uniqueMail('zh');
      await api(h.app, register, { query: { type: '1' }, body: registerBody(username, { locale: 'zh-TW' }) });
      expect(lastOutbox(h.dataDir, username).subject).toBe('啟用您的 HMI 雲帳號');
    });

    it('rejects an existing active account with 1012 (case-insensitively)', async () => {
      const username = await activeMailAccount('dup');
      const r = await api(h.app, register, {
        query: { type: '1' },
        body: registerBody(username.toLowerCase()),
      });
      expectCode(r, 1012, 409);
    });

    it('re-registering a pending account mails its link again and voids the old one', async () => {
      const username = uniqueMail('again');
      const first = await registerMail(username);
      const second = await registerMail(username);
      expect(second).not.toBe(first);
      expectCode(await api(h.app, activate, { query: { code: first } }), 1020, 410);
      expectCode(await api(h.app, activate, { query: { code: second } }), 0);
    });

    it('an activation link older than 48 h answers 1020; an unknown one 1003', async () => {
      const username = uniqueMail('old');
      const code = await registerMail(username);
      h.clock.advance(48 * 3600 + 1);
      expectCode(await api(h.app, activate, { query: { code } }), 1020, 410);
      expectCode(await api(h.app, activate, { query: { code: 'x'.repeat(43) } }), 1003, 404);
    });

    it('validates input with 1006 naming the field and the locale key', async () => {
      const r = await api(h.app, register, {
        query: { type: '1' },
        body: registerBody(uniqueMail('v'), { passwd: 'short', confirm: 'short' }),
      });
      expectCode(r, 1006, 400);
      expect(r.body.msg).toBe('input parameter error: passwd');
      expect(r.body.data).toEqual({ field: 'passwd', issue: 'passwordLength' });

      const c = await api(h.app, register, {
        query: { type: '1' },
        body: registerBody(uniqueMail('v'), { confirm: 'Other#2026x' }),
      });
      expect(c.body.data).toEqual({ field: 'confirm', issue: 'passwordConfirm' });

      const m = await api(h.app, register, { query: { type: '1' }, body: registerBody('not-a-mail') });
      expectCode(m, 1006);
      expect(m.body.data).toEqual({ field: 'username', issue: 'email' });

      const q = await api(h.app, register, { query: { type: '7' }, body: registerBody(uniqueMail('v')) });
      expectCode(q, 1006);
      expect(q.body.data).toMatchObject({ field: 'type' });
    });
  });

  describe('resendmail', () => {
    it('type 1 sends a new link (old voided), no-op when active, 1010 when unknown, 1015 past 5 an hour', async () => {
      const username = uniqueMail('resend');
      const first = await registerMail(username);
      expectCode(await api(h.app, resendMail, { query: { type: '1' }, body: { username } }), 0);
      const second = activationCodeIn(lastOutbox(h.dataDir, username).text);
      expect(second).not.toBe(first);
      expectCode(await api(h.app, activate, { query: { code: first } }), 1020);

      for (let i = 0; i < 3; i++)
        expectCode(await api(h.app, resendMail, { query: { type: '1' }, body: { username } }), 0);
      const limited = await api(h.app, resendMail, { query: { type: '1' }, body: { username } });
      expectCode(limited, 1015, 429);
      // re-registering is held to the same limit
      expectCode(await api(h.app, register, { query: { type: '1' }, body: registerBody(username) }), 1015);

      h.clock.advance(3601);
      expectCode(await api(h.app, resendMail, { query: { type: '1' }, body: { username } }), 0);
      const latest = activationCodeIn(lastOutbox(h.dataDir, username).text);
      expectCode(await api(h.app, activate, { query: { code: latest } }), 0);
      expectCode(await api(h.app, resendMail, { query: { type: '1' }, body: { username } }), 0);

      expectCode(
        await api(h.app, resendMail, { query: { type: '1' }, body: { username: uniqueMail('nobody') } }),
        1010,
        404,
      );
    });

    it('type 0 resends the SMS code at most every 60 s (1018 with Retry-After)', async () => {
      const phone = uniquePhone();
      await sendPhoneCode(phone);
      const r = await api(h.app, resendMail, { query: { type: '0' }, body: { username: phone } });
      expectCode(r, 1018);
      expect(Number(r.headers['retry-after'])).toBe(60);
      h.clock.advance(30);
      const r2 = await api(h.app, resendMail, { query: { type: '0' }, body: { username: phone } });
      expect(Number(r2.headers['retry-after'])).toBe(30);
      h.clock.advance(30);
      expectCode(await api(h.app, resendMail, { query: { type: '0' }, body: { username: phone } }), 0);
    });
  });

  describe('registration by phone', () => {
    it('needs the SMS code: 1016 with none sent, 1011 when wrong, expired or tried too often; active at once', async () => {
      const phone = uniquePhone();
      const body = (code?: string) => registerBody(phone, code ? { code } : {});
      expectCode(await api(h.app, register, { query: { type: '0' }, body: body('123456') }), 1016, 400);

      const code = await sendPhoneCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      expectCode(await api(h.app, register, { query: { type: '0' }, body: body(wrong) }), 1011, 400);

      const r = await api(h.app, register, { query: { type: '0' }, body: body(code) });
      expectCode(r, 0, 200);
      expect(r.body.data).toEqual({ activated: true });
      const tokens = await login(phone);
      const info = await api(h.app, getUserInfo, { token: tokens.token });
      expect(info.body.data).toMatchObject({
        account: phone,
        phone,
        email: null,
        is_main: true,
        contact: phone,
      });

      expectCode(await api(h.app, phoneVerify, { body: { phone } }), 1012);
      expectCode(await api(h.app, register, { query: { type: '0' }, body: body(code) }), 1012);
    });

    it.each([
      ['zh-TW', '【HMI雲】驗證碼'],
      ['en-US', '[HMI Cloud] Your code is'],
      ['zh-CN', '【HMI云】验证码'],
    ] as const)('the sign-up SMS is in the language asked for (%s)', async (locale, opening) => {
      const phone = uniquePhone();
      expectCode(await api(h.app, phoneVerify, { body: { phone, locale } }), 0);
      expect(lastOutbox(h.dataDir, `+86${phone}`).text.startsWith(opening)).toBe(true);
    });

    it('an expired code and a code past 5 wrong attempts answer 1011', async () => {
      const phone = uniquePhone();
      let code = await sendPhoneCode(phone);
      h.clock.advance(601);
      expectCode(
        await api(h.app, register, { query: { type: '0' }, body: registerBody(phone, { code }) }),
        1011,
      );

      code = await sendPhoneCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expectCode(
          await api(h.app, register, { query: { type: '0' }, body: registerBody(phone, { code: wrong }) }),
          1011,
        );
      expectCode(
        await api(h.app, register, { query: { type: '0' }, body: registerBody(phone, { code }) }),
        1011,
      );
    });

    it('rejects a malformed phone with 1006 naming the field', async () => {
      const r = await api(h.app, phoneVerify, { body: { phone: '12345' } });
      expect(r.body).toMatchObject({ code: 1006, data: { field: 'phone', issue: 'phone' } });
    });
  });

  describe('login', () => {
    it('answers 1010 for unknown and 1004 for a wrong password', async () => {
      const username = await activeMailAccount('login');
      expectCode(
        await api(h.app, loginCall, {
          query: { type: '1' },
          body: { user: uniqueMail('x'), passwd: PASSWORD },
          ip: '10.0.0.1',
        }),
        1010,
        404,
      );
      expectCode(
        await api(h.app, loginCall, {
          query: { type: '1' },
          body: { user: username, passwd: 'Wrong#2026' },
          ip: '10.0.0.1',
        }),
        1004,
        400,
      );
      const missing = await api(h.app, loginCall, {
        query: { type: '1' },
        raw: { body: { user: username } },
        ip: '10.0.0.1',
      });
      expect(missing.body).toMatchObject({ code: 1006, msg: 'input parameter error: passwd' });
    });

    it('limits an address to 20 failures in 15 min across accounts', async () => {
      const ip = '10.0.2.2';
      for (let i = 0; i < 20; i++)
        expectCode(
          await api(h.app, loginCall, {
            query: { type: '1' },
            body: { user: uniqueMail('ghost'), passwd: 'x' },
            ip,
          }),
          1010,
        );
      const username = await activeMailAccount('victim');
      const r = await api(h.app, loginCall, {
        query: { type: '1' },
        body: { user: username, passwd: PASSWORD },
        ip,
      });
      expectCode(r, 1201, 429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      await login(username, PASSWORD, '10.0.2.3');
      h.clock.advance(901);
      expectCode(
        await api(h.app, loginCall, { query: { type: '1' }, body: { user: username, passwd: PASSWORD }, ip }),
        0,
      );
    });
  });

  describe('sessions', () => {
    it('session calls need the header (1008), a valid signature (1001) and an unexpired token (1009)', async () => {
      const tokens = await login(await activeMailAccount('sess'));
      expectCode(await api(h.app, getUserInfo), 1008, 401);
      expectCode(await api(h.app, getUserInfo, { token: 'garbage' }), 1001, 401);
      const [head, payload] = tokens.token.split('.');
      expectCode(await api(h.app, getUserInfo, { token: `${head}.${payload}.AAAA` }), 1001);
      expectCode(await api(h.app, getUserInfo, { token: `Bearer ${tokens.token}` }), 0);
      expectCode(await api(h.app, getMessageCounts, { token: tokens.token }), 0);
      h.clock.advance(7200);
      expectCode(await api(h.app, getUserInfo, { token: tokens.token }), 1009, 401);
    });

    it('getUserInfo returns every field; the main account holds every permission', async () => {
      const username = await activeMailAccount('info');
      const tokens = await login(username);
      const r = await api(h.app, getUserInfo, { token: tokens.token });
      expectCode(r, 0);
      const u = r.body.data;
      expect(u).toMatchObject({
        data_center: 'eu',
        name: 'Tester',
        alias_name: '',
        contact: username,
        dgroup_id: 0,
        template_max_num: 1,
        template_max_id: 0,
        project_max_id: 0,
        team_name: 'Tester',
        is_main: true,
        member_ext: { role_id: null, role_name: null },
        account: username,
        email: username,
        phone: null,
      });
      expect(u.leader_id).toBe(u.dbuser_id);
      expect(u.permissions).toEqual([...allPermissionIds]);
      expect(u.created_at).toBe(Math.floor(h.clock.now() / 1000));

      const e = await api(h.app, editUserInfo, {
        token: tokens.token,
        body: { alias_name: 'Ops', contact: '+86 139' },
      });
      expectCode(e, 0);
      expect(e.body.data).toMatchObject({ alias_name: 'Ops', contact: '+86 139', name: 'Tester' });
      const bad = await api(h.app, editUserInfo, { token: tokens.token, body: { name: '' } });
      expect(bad.body).toMatchObject({ code: 1006, data: { field: 'name' } });
    });

    it('message counts are zero for a new account', async () => {
      const tokens = await login(await activeMailAccount('msg'));
      const r = await api(h.app, getMessageCounts, { token: tokens.token });
      expect(r.body).toEqual({
        code: 0,
        msg: 'success',
        data: { total: { notice: 0, billing: 0, alarm: 0 }, unread: { notice: 0, billing: 0, alarm: 0 } },
      });
    });

    it('refresh rotates; reuse of a rotated token revokes the family (1009), newer token included', async () => {
      const t0 = await login(await activeMailAccount('refresh'));
      const refresh = (
        token: string | undefined,
        body: ApiBody<typeof refreshToken> = { token: t0.token, force: false },
      ) =>
        api(h.app, refreshToken, { query: { from: 'web' }, body, ...(token !== undefined ? { token } : {}) });

      expectCode(await refresh(undefined), 1008, 401);
      expectCode(await refresh('unknown-token'), 1009, 401);

      const r1 = await refresh(t0.refresh_token);
      expectCode(r1, 0);
      const t1 = r1.body.data;
      expect(t1.refresh_token).not.toBe(t0.refresh_token);
      expectCode(await api(h.app, getUserInfo, { token: t1.token }), 0);

      const r2 = await refresh(`Bearer ${t1.refresh_token}`, { token: t1.token, force: true });
      expectCode(r2, 0);
      const t2 = r2.body.data;

      // t0's refresh token was rotated over REFRESH_REUSE_GRACE ago: reuse revokes the whole family
      h.clock.advance(31);
      expectCode(await refresh(t0.refresh_token), 1009);
      expectCode(await refresh(t2.refresh_token), 1009);
      expectCode(await api(h.app, getUserInfo, { token: t2.token }), 1009);
    });

    /** The web client's refresh of a session: its access token in the body, its refresh token as bearer. */
    const webRefresh = (session: { token: string; refresh_token: string }) =>
      api(h.app, refreshToken, {
        query: { from: 'web' },
        body: { token: session.token, force: false },
        token: session.refresh_token,
      });

    it('a rotated token presented again within REFRESH_REUSE_GRACE gets a new pair; a logout still ends them all', async () => {
      const t0 = await login(await activeMailAccount('refgrace'));
      const refresh = () => webRefresh(t0);
      // Two tabs on one stored session: both present t0's refresh token, the second 30 s after the first.
      const first = await refresh();
      expectCode(first, 0);
      h.clock.advance(30);
      const second = await refresh();
      expectCode(second, 0);
      expect(second.body.data.refresh_token).not.toBe(first.body.data.refresh_token);
      for (const pair of [first.body.data, second.body.data])
        expectCode(await api(h.app, getUserInfo, { token: pair.token }), 0);
      // One family: a logout with one pair ends the other.
      expectCode(await api(h.app, logout, { token: first.body.data.token }), 0);
      expectCode(await api(h.app, getUserInfo, { token: second.body.data.token }), 1009);
      expectCode(await refresh(), 1009);
    });

    it('two refreshes with one token at the same moment both get a pair, and the family stands', async () => {
      const t0 = await login(await activeMailAccount('refrace'));
      const refresh = () => webRefresh(t0);
      const answers = await Promise.all([refresh(), refresh(), refresh()]);
      for (const answer of answers) {
        expectCode(answer, 0);
        expectCode(await api(h.app, getUserInfo, { token: answer.body.data.token }), 0);
      }
    });

    it('refresh tokens expire after REFRESH_TOKEN_TTL', async () => {
      const t = await login(await activeMailAccount('refexp'));
      h.clock.advance(30 * 86400);
      expectCode(
        await api(h.app, refreshToken, {
          query: { from: 'web' },
          token: t.refresh_token,
          body: { token: '', force: true },
        }),
        1009,
      );
    });

    it('logout revokes the family: its access and refresh tokens stop working, other sessions do not', async () => {
      const username = await activeMailAccount('logout');
      const a = await login(username);
      const b = await login(username);
      expectCode(await api(h.app, logout, { token: a.token }), 0);
      expectCode(await api(h.app, getUserInfo, { token: a.token }), 1009);
      expectCode(
        await api(h.app, refreshToken, { query: { from: 'web' }, token: a.refresh_token, body: {} }),
        1009,
      );
      expectCode(await api(h.app, getUserInfo, { token: b.token }), 0);
    });
  });

  describe('passwords', () => {
    it('changePwd: 1004 on a wrong current password, 1006 passwordSame, success revokes other sessions', async () => {
      const username = await activeMailAccount('chg');
      const a = await login(username);
      const b = await login(username);
      const NEW = 'Newer#2026';
      const wrong = await api(h.app, changePwd, {
        token: a.token,
        body: { old_passwd: 'Wrong#2026', passwd: NEW, confirm: NEW },
      });
      expectCode(wrong, 1004);
      const same = await api(h.app, changePwd, {
        token: a.token,
        body: { old_passwd: PASSWORD, passwd: PASSWORD, confirm: PASSWORD },
      });
      expect(same.body).toMatchObject({ code: 1006, data: { field: 'passwd', issue: 'passwordSame' } });
      expectCode(
        await api(h.app, changePwd, {
          token: a.token,
          body: { old_passwd: PASSWORD, passwd: NEW, confirm: NEW },
        }),
        0,
      );
      expectCode(await api(h.app, getUserInfo, { token: a.token }), 0);
      expectCode(await api(h.app, getUserInfo, { token: b.token }), 1009);
      await login(username, NEW);
    });

    it('forgetverify mails a code; modifyPwd checks it (1011) and revokes every session', async () => {
      const username = await activeMailAccount('forget');
      const session = await login(username);
      expectCode(await api(h.app, forgetVerify, { body: { username: uniqueMail('none') } }), 1010);
      const f = await api(h.app, forgetVerify, { body: { username, locale: 'en-US' } });
      expectCode(f, 0);
      expect(f.body.data).toEqual({ channel: 'mail', resend_after: 60 });
      const mail = lastOutbox(h.dataDir, username);
      expect(mail.subject).toBe('HMI Cloud password recovery code');
      const code = sixDigitCodeIn(mail.text);
      const NEW = 'Recovered#1';
      const wrong = code === '000000' ? '111111' : '000000';
      expectCode(
        await api(h.app, modifyPwd, { body: { username, code: wrong, passwd: NEW, confirm: NEW } }),
        1011,
      );
      expectCode(await api(h.app, modifyPwd, { body: { username, code, passwd: NEW, confirm: NEW } }), 0);
      expectCode(await api(h.app, getUserInfo, { token: session.token }), 1009);
      expectCode(
        await api(h.app, refreshToken, { query: { from: 'web' }, token: session.refresh_token, body: {} }),
        1009,
      );
      await login(username, NEW);
      // the code is single-use
      expectCode(
        await api(h.app, modifyPwd, { body: { username, code, passwd: PASSWORD, confirm: PASSWORD } }),
        1011,
      );
    });

    it('forgetverify sends an SMS to phone accounts', async () => {
      const phone = uniquePhone();
      const code = await sendPhoneCode(phone);
      expectCode(
        await api(h.app, register, { query: { type: '0' }, body: registerBody(phone, { code }) }),
        0,
      );
      h.clock.advance(61);
      const f = await api(h.app, forgetVerify, { body: { username: phone } });
      expect(f.body.data).toEqual({ channel: 'sms', resend_after: 60 });
      const sms = sixDigitCodeIn(lastOutbox(h.dataDir, `+86${phone}`).text);
      const NEW = 'Phone#2026x';
      expectCode(
        await api(h.app, modifyPwd, { body: { username: phone, code: sms, passwd: NEW, confirm: NEW } }),
        0,
      );
      await login(phone, NEW);
    });
  });

  describe('removal', () => {
    it('needs matching details (1019) and password (1004); afterwards tokens answer 1055 and the name is free', async () => {
      const username = await activeMailAccount('rm');
      const t = await login(username);
      const body: ApiBody<typeof removal> = {
        account: username,
        true_name: 'Tester',
        data_center: 'eu',
        contact: username,
        passwd: PASSWORD,
      };
      expectCode(
        await api(h.app, removal, { token: t.token, body: { ...body, data_center: 'cn' } }),
        1019,
        400,
      );
      expectCode(await api(h.app, removal, { token: t.token, body: { ...body, true_name: 'X' } }), 1019);
      expectCode(
        await api(h.app, removal, { token: t.token, body: { ...body, passwd: 'Wrong#2026' } }),
        1004,
      );
      expectCode(await api(h.app, removal, { token: t.token, body }), 0);

      expectCode(await api(h.app, getUserInfo, { token: t.token }), 1055, 401);
      expectCode(
        await api(h.app, refreshToken, { query: { from: 'web' }, token: t.refresh_token, body: {} }),
        1055,
        401,
      );
      expectCode(
        await api(h.app, loginCall, { query: { type: '1' }, body: { user: username, passwd: PASSWORD } }),
        1010,
      );

      // the username can be registered again
      const code = await registerMail(username);
      expectCode(await api(h.app, activate, { query: { code } }), 0);
      await login(username);
    });
    it('refuses to remove the main account of a team with members (1202) and removes it once alone', async () => {
      const main = await createMainAccount(h);
      const member = await createSubAccount(h, main.teamId, []);
      const row = await h.app.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', main.userId)
        .executeTakeFirstOrThrow();
      const body = {
        account: row.username,
        true_name: row.name,
        data_center: dataCenterSchema.parse(row.data_center),
        contact: row.contact,
        passwd: TEST_PASSWORD,
      };
      expectCode(await api(h.app, removal, { token: main.token, body }), 1202, 409);
      expectCode(await api(h.app, getUserInfo, { token: main.token }), 0);

      await h.app.database.db
        .updateTable('users')
        .set({ removed_at: Math.floor(h.clock.now() / 1000) })
        .where('id', '=', member.userId)
        .execute();
      expectCode(await api(h.app, removal, { token: main.token, body }), 0);
    });
  });

  describe('HTTP behaviour', () => {
    it('malformed JSON is 1021, an oversize body 413/1006, unknown /v1 routes 1003', async () => {
      const bad = await h.app.inject({
        method: 'POST',
        url: '/v1/global/login?type=1',
        headers: { 'content-type': 'application/json' },
        payload: '{"user":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 1021, data: null, msg: 'JSON format incorrect' });

      const big = await h.app.inject({
        method: 'POST',
        url: '/v1/global/login?type=1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ user: 'a', passwd: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 1006 });

      const missing = await call(h.app, 'GET', '/v1/no/such/route');
      expectCode(missing, 1003, 404);
    });

    it('CORS allows PUBLIC_URL and localhost origins with credentials, not others', async () => {
      const pre = await h.app.inject({
        method: 'OPTIONS',
        url: '/v1/global/login',
        headers: { origin: 'http://console.test', 'access-control-request-method': 'POST' },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('http://console.test');
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
      expect(String(pre.headers['access-control-allow-headers'])).toContain('authorization');

      const local = await h.app.inject({
        method: 'GET',
        url: '/v1/global/login',
        headers: { origin: `http://127.0.0.1:${h.config.port}` },
      });
      expect(local.headers['access-control-allow-origin']).toBe(`http://127.0.0.1:${h.config.port}`);
      const evil = await h.app.inject({
        method: 'GET',
        url: '/v1/global/login',
        headers: { origin: 'http://evil.test' },
      });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('the route table holds every registered call and / explains how to build the web app', async () => {
      expect(h.app.callTable.map((c) => c.id)).toContain('getUserInfo');
      const root = await h.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('npm run build');
    });

    it('GET /global/login returns the public configuration', async () => {
      const r = await api(h.app, getLogin);
      expect(r.body.data).toMatchObject({ data_center: 'cn', phone_country_codes: ['+86'] });
    });
  });
});
