/**
 * What a refused import says, translated: 2001 with its reason code and the part of the file it
 * concerns (a server without codes: its English reason as sent), 1006 with the field, the issue and
 * the widget it concerns, anything else its code's text.
 */
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { ErrorCode, screenImportRefusal, type ScreenImportRefusal } from '@hmi/contract';
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

const MB = 1024 * 1024;

/** The reason in words, then where in the file (entry, view, screen, field path). */
function reasonLines({ reason_code: code, params: p }: ScreenImportRefusal, t: TFunction): string[] {
  const reason = t(`screens:import.reasons.${code}`, {
    limit: p.limit,
    size: p.limit === undefined ? undefined : Math.floor(p.limit / MB),
    construct: p.construct ? t(`screens:import.constructs.${p.construct}`) : '',
    element: p.element,
    tag: p.tag,
    value: p.value,
  });
  return [
    t('screens:import.reason', { reason }),
    ...(p.file ? [t('screens:import.where.file', { file: p.file })] : []),
    ...(p.view ? [t('screens:import.where.view', { view: p.view })] : []),
    ...(p.screen ? [t('screens:import.where.screen', { screen: p.screen })] : []),
    ...(p.path ? [t('screens:import.where.path', { path: p.path })] : []),
  ];
}

export function importRefusal(error: unknown, t: TFunction): ImportRefusal {
  if (!isApiError(error)) return { title: errorText(error), details: [] };
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (error.code === ErrorCode.PROJECT_ARCHIVE_PARSE) {
    const coded = screenImportRefusal.safeParse(data);
    const reason = str(data.reason);
    return {
      title: t('screens:import.refused'),
      details: coded.success
        ? reasonLines(coded.data, t)
        : reason
          ? [t('screens:import.reason', { reason })]
          : [],
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
