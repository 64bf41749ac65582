import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf } from './zod-helpers';

describe('fieldsOf', () => {
  it('keeps only the fields the schema names, so a new column does not reach an answer', () => {
    const answer = fieldsOf(z.object({ id: z.number(), name: z.string(), note: z.string().optional() }));
    const row = { id: 7, name: 'Pump', secret_hash: 'x', template_id: 3 };
    expect(answer(row)).toEqual({ id: 7, name: 'Pump' });
    expect(Object.keys(answer({ ...row, note: 'n' }))).toEqual(['id', 'name', 'note']);
  });
});
