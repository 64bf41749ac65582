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

/** Zod's type issue as a ValidationKey: `required` when the value is missing, otherwise `type`. */
export const typeError = {
  error: (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : 'type'),
};

/** A name checked by a section 5 validator, missing or mistyped values named by key too. */
export function checkedName(check: (value: string) => ValidationKey | null) {
  return z.string(typeError).superRefine((value, ctx) => {
    const key = check(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

/** Free text of at most `max` characters (trimmed; may be empty). */
export function text(max: number) {
  return z.string(typeError).trim().max(max, 'tooLong');
}

/** Required text of 1 to `max` characters (trimmed). */
export function requiredText(max: number) {
  return z.string(typeError).trim().min(1, 'required').max(max, 'tooLong');
}

/** A numeric id in a JSON body. */
export const bodyId = z.number(typeError).int('integer').positive('range');

/** A numeric id in a query string. */
export const queryId = z.coerce.number(typeError).int('integer').positive('range');

/** Epoch seconds. */
export const epoch = z.number().int();

/**
 * A picker of the fields an object schema names, for building an answer from a stored row: answers
 * come from this allow-list, so a column added to a table later stays out of the API until the
 * contract names it.
 */
export function fieldsOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const keys = Object.keys(schema.shape);
  return <R extends object>(row: R): Pick<R, Extract<keyof S, keyof R>> => {
    const out: Record<string, unknown> = {};
    for (const key of keys) if (key in row) out[key] = (row as Record<string, unknown>)[key];
    return out as Pick<R, Extract<keyof S, keyof R>>;
  };
}
