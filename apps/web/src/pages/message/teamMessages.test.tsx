// @vitest-environment jsdom
/**
 * Billing messages with params (reminders 1-5, team messages 6-9) are worded in the reader's locale;
 * messages stored before params existed keep the server's text (team ones with the type as title).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Message } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { emptyPage, signInAs, serveApi } from '../../test/apiServer';
import { MsgBillingPage } from './MsgBillingPage';

const billing = (id: number, type: number, params: Message['params'], title: string, content: string) => ({
  id,
  kind: 'billing',
  type,
  title,
  content,
  params,
  is_read: false,
  created_at: 1700000000 + id,
});

const messages = [
  billing(
    1,
    6,
    { inviter: 'Ann', inviter_account: 'ann@example.com', team: 'Acme', role: 'Ops' },
    'Team invitation',
    'Ann (ann@example.com) invites you to join team Acme as Ops',
  ),
  billing(2, 7, { variant: 'voided', team: 'Acme' }, 'Invitation cancelled', 'no longer valid'),
  billing(
    3,
    9,
    { variant: 'completed', team: 'Acme', new_main: 'Bob', new_main_account: 'bob@example.com' },
    'Main-account transfer',
    'transferred',
  ),
  billing(4, 8, null, 'Removed from team', 'You were removed from team Old'),
  billing(5, 1, null, 'Remote Access expiring', 'Card 12345678 expires in 7 days'),
  billing(
    6,
    4,
    { number: 'RA23456789ABCDEF', percent: 80, used: '4.0 GB', total: '5.0 GB' },
    'Remote Access traffic running low',
    'Remote Access card RA23456789ABCDEF has used 4.0 GB of 5.0 GB (80 %)',
  ),
];

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/msg/team/invation', emptyPage);
  api.routes.set('GET /v1/msg/notify', () => ({ list: messages, total: messages.length }));
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('team billing messages', { timeout: 30000 }, () => {
  it.each([
    {
      locale: 'zh-CN' as const,
      title1: '邀请加入团队 Acme',
      body1: 'Ann（ann@example.com）邀请您以“Ops”角色加入团队 Acme。',
      body2: '加入团队 Acme 的邀请已失效。',
      title3: '团队 Acme 主账号已转让',
      body3: '团队 Acme 的主账号已转让给 Bob（bob@example.com）。',
      title4: '已被移出团队',
      title6: '远程访问流量已用 80%',
      body6: '远程访问卡 RA23456789ABCDEF 已使用 4.0 GB，共 5.0 GB（80%）。',
    },
    {
      locale: 'zh-TW' as const,
      title1: '邀請加入團隊 Acme',
      body1: 'Ann（ann@example.com）邀請您以「Ops」角色加入團隊 Acme。',
      body2: '加入團隊 Acme 的邀請已失效。',
      title3: '團隊 Acme 主帳號已轉讓',
      body3: '團隊 Acme 的主帳號已轉讓給 Bob（bob@example.com）。',
      title4: '已被移出團隊',
      title6: '遠端存取流量已用 80%',
      body6: '遠端存取卡 RA23456789ABCDEF 已使用 4.0 GB，共 5.0 GB（80%）。',
    },
    {
      locale: 'en-US' as const,
      title1: 'Invitation to join Acme',
      body1: 'Ann (ann@example.com) invites you to join team Acme as Ops.',
      body2: 'The invitation to join team Acme is no longer valid.',
      title3: 'Main account of Acme transferred',
      body3: 'The main account of team Acme was transferred to Bob (bob@example.com).',
      title4: 'Removed from team',
      title6: 'Remote Access traffic 80 % used',
      body6: 'Remote Access card RA23456789ABCDEF has used 4.0 GB of 5.0 GB (80 %).',
    },
  ])('are worded from their params in $locale', async (c) => {
    await setLanguage(c.locale);
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(<MsgBillingPage />);
    await screen.findByTestId('message-title-1');
    expect(text('message-title-1')).toBe(c.title1);
    expect(text('message-content-1')).toBe(c.body1);
    expect(text('message-content-2')).toBe(c.body2);
    expect(text('message-title-3')).toBe(c.title3);
    expect(text('message-content-3')).toBe(c.body3);
    // Stored without params: the type as title, the stored text as body.
    expect(text('message-title-4')).toBe(c.title4);
    expect(text('message-content-4')).toBe('You were removed from team Old');
    // A reminder stored without params keeps the server's title and text.
    expect(text('message-title-5')).toBe('Remote Access expiring');
    expect(text('message-content-5')).toBe('Card 12345678 expires in 7 days');
    // A reminder with params is worded in the reader's locale.
    expect(text('message-title-6')).toBe(c.title6);
    expect(text('message-content-6')).toBe(c.body6);
    view.unmount();
  });
});
