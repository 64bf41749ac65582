import { activateBillingCard } from '@hmi/contract';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { sqliteDatabase } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { cardsIssue, parseCardsIssue } from './cards-command';

const run = promisify(execFile);

function csvCards(file: string) {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  expect(header).toBe('number,password,type,tag_count,template_count,traffic_bytes,activation_deadline');
  return rows.map((r) => {
    const [number = '', password = '', type = ''] = r.split(',');
    return { number, password, type: Number(type) };
  });
}

describe('admin cards:issue', () => {
  let owner: TestAccount;
  let dir = '';

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const h = useHarness(sqliteDatabase);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    dir = mkdtempSync(join(tmpdir(), 'hmi-cards-'));
  });

  const activate = (c: { number: string; password: string; type: number }) =>
    api(h.app, activateBillingCard, {
      token: owner.token,
      body: { type: c.type as 1 | 2, card_no: c.number.slice(-8), password: c.password },
    });

  it('refuses incomplete options', () => {
    expect(parseCardsIssue(['--type', 'gold', '--count', '1'], 0)).toMatch(/--type/);
    expect(parseCardsIssue(['--type', 'remote', '--count', '1'], 0)).toMatch(/--traffic/);
    expect(parseCardsIssue(['--type', 'cloud', '--count', '0', '--tags', '5'], 0)).toMatch(/--count/);
  });

  it('writes a CSV whose passwords activate (in-process, against the running app’s database)', async () => {
    const csv = join(dir, 'cloud.csv');
    const lines: string[] = [];
    const now = Math.floor(h.clock.now() / 1000);
    const code = await cardsIssue(
      ['--type', 'cloud', '--count', '3', '--tags', '25', '--templates', '1', '--csv', csv],
      h.config,
      (l) => lines.push(l),
      now,
    );
    expect(code).toBe(0);
    const cards = csvCards(csv);
    expect(cards).toHaveLength(3);
    for (const c of cards) expect(lines).toContain(`${c.number}  ${c.password}`);
    for (const c of cards)
      expect((await activate(c)).body).toMatchObject({ code: 0, data: { tag_count: 25 } });
    const stored = await h.app.database.db.selectFrom('billing_cards').select('password_hash').execute();
    for (const c of cards) expect(JSON.stringify(stored)).not.toContain(c.password);
  });

  it('works as a real `npm run admin` process', async () => {
    const csv = join(dir, 'remote.csv');
    const issue = ['cards:issue', '--type', 'remote', '--count', '1', '--traffic', '5GB', '--csv', csv];
    const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...issue], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, DATA_DIR: h.dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/Issued 1 card\(s\) of batch .* \(5GB; activate by/);
    const [card] = csvCards(csv);
    if (!card) throw new Error('no card in the CSV');
    expect((await activate(card)).body).toMatchObject({ code: 0, data: { traffic_bytes: 5 * 1024 ** 3 } });
  }, 60000);
});
