import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@hmi/contract';
import { contractProblem, emptyPage, refuse } from './apiServer';

const stats = { batches: 4, values: 12, duplicates: 1, rejected: {}, last_rejection: null };

describe('the test API server speaks the contract', () => {
  it('finds calls by method and path, `:params` included, and accepts answers their schema allows', () => {
    expect(contractProblem('GET', '/v1/labels', emptyPage())).toBeNull();
    expect(contractProblem('GET', '/v1/devices/7/ingest-stats', stats)).toBeNull();
  });

  it('refuses a request that is no call of the contract', () => {
    expect(contractProblem('GET', '/v1/no/such/call', null)).toMatch('is no call of the contract');
    expect(contractProblem('PATCH', '/v1/labels', null)).toMatch('is no call of the contract');
    expect(contractProblem('GET', '/labels', emptyPage())).toMatch('is no call of the contract');
  });

  it('refuses an answer outside the call’s response schema, naming the field', () => {
    expect(contractProblem('GET', '/v1/labels', null)).toMatch('listLabels');
    expect(contractProblem('GET', '/v1/devices/7/ingest-stats', { ...stats, values: 'many' })).toMatch(
      'values:',
    );
  });

  it('lets a business refusal of a known call through', () => {
    expect(contractProblem('GET', '/v1/labels', refuse(ErrorCode.AUTHORIZATION))).toBeNull();
  });
});
