/**
 * What a refused import says, translated: 2001 with the server's reason (the file could not be
 * read; the reason names the part, e.g. `view Oven: mismatched end tag`), 1006 with the field, the
 * issue and the widget it concerns, anything else its code's text.
 */
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { ErrorCode } from '@hmi/contract';
import { isApiError } from '../../../api/errors';
import { errorText } from '../../../shared/errors';

export interface ImportRefusal {
  title: string;
  details: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** `content_base64` → "file", `tag_map.PLC1^~^temp.tag` → "TAG mapping PLC1^~^temp.tag". */
function fieldText(field: string, t: TFunction): string {
  const [head = '', ...rest] = field.split('.');
  const key = `screens:import.fields.${head}`;
  if (!i18next.exists(key)) return field;
  return [t(key), rest.join('.')].filter(Boolean).join(' ');
}

function issueText(issue: string | null, t: TFunction): string {
  if (issue && i18next.exists(`screens:import.issues.${issue}`)) return t(`screens:import.issues.${issue}`);
  if (issue && i18next.exists(`validation:${issue}`)) return t(`validation:${issue}`);
  return t(`errors.${ErrorCode.INPUT_PARAMETER}`);
}

export function importRefusal(error: unknown, t: TFunction): ImportRefusal {
  if (!isApiError(error)) return { title: errorText(error), details: [] };
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (error.code === ErrorCode.PROJECT_ARCHIVE_PARSE) {
    const reason = str(data.reason);
    return {
      title: t('screens:import.refused'),
      details: reason ? [t('screens:import.reason', { reason })] : [],
    };
  }
  if (error.code === ErrorCode.INPUT_PARAMETER) {
    const field = str(data.field);
    const widget = str(data.widget);
    return {
      title: t('screens:import.refused'),
      details: [
        issueText(str(data.issue), t),
        ...(field ? [t('screens:import.field', { field: fieldText(field, t) })] : []),
        ...(widget ? [t('screens:import.widget', { widget })] : []),
      ],
    };
  }
  return { title: errorText(error), details: [] };
}
