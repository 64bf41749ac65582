import { z } from 'zod';
import type { ValidationKey } from './validators';

/** A string field checked by one of the section 5 validators; the issue message is its key. */
export function checked(check: (value: string) => ValidationKey | null) {
  return z.string().superRefine((value, ctx) => {
    const key = check(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

/** Query-string integer (query values arrive as text). */
export const queryInt = z.coerce.number().int();

export const pageQuery = z.object({
  page: queryInt.min(1).default(1),
  pageSize: queryInt.min(1).max(200).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const empty = z.null();
