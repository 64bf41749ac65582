/**
 * Why an imported file cannot be read, answered as 2001: a reason code with its parameters (the
 * console translates them) and the same in readable English for API users.
 */
import {
  ErrorCode,
  SCREEN_ARTWORK_MAX_BYTES,
  type ScreenImportReason,
  type ScreenImportRefusal,
  type ScreenImportRefusalParams,
} from '@hmi/contract';
import type { z } from 'zod';
import { fail } from '../../../platform/errors';
import type { XmlError, XmlReason } from '../svg/xml';

export class ImportError extends Error {
  readonly reason: string;
  constructor(
    readonly code: ScreenImportReason,
    readonly params: ScreenImportRefusalParams = {},
    /** English detail the code does not carry (a schema message), for the readable reason only. */
    detail?: string,
  ) {
    const reason = englishReason(code, params, detail);
    super(reason);
    this.reason = reason;
    this.name = 'ImportError';
  }

  /** An unusable SVG, where `where` says which part of the file it is. */
  static ofXml(err: XmlError, where: ScreenImportRefusalParams = {}): ImportError {
    const known = fromXml[err.reason];
    return new ImportError(
      known.code,
      { ...where, ...known.params },
      known.code === 'svgMalformed' ? err.reason : undefined,
    );
  }

  /** The first issue of a schema violation in `where`. */
  static ofSchema(
    code: 'invalidEntry' | 'notFuxa' | 'invalidScreen',
    error: z.ZodError,
    where: ScreenImportRefusalParams = {},
  ): ImportError {
    const issue = error.issues[0];
    const path = issue?.path.map(String).join('.') || 'document';
    return new ImportError(code, { ...where, path }, issue?.message);
  }
}

const fromXml: Record<XmlReason, { code: ScreenImportReason; params?: ScreenImportRefusalParams }> = {
  entity: { code: 'svgMalformed', params: { construct: 'entity' } },
  attribute: { code: 'svgMalformed', params: { construct: 'attribute' } },
  'text outside the root': { code: 'svgMalformed', params: { construct: 'text' } },
  comment: { code: 'svgMalformed', params: { construct: 'comment' } },
  cdata: { code: 'svgMalformed', params: { construct: 'cdata' } },
  'processing instruction': { code: 'svgMalformed', params: { construct: 'instruction' } },
  'start tag': { code: 'svgMalformed', params: { construct: 'startTag' } },
  'end tag': { code: 'svgMalformed', params: { construct: 'endTag' } },
  'mismatched end tag': { code: 'svgMalformed', params: { construct: 'endTag' } },
  'second root': { code: 'svgMalformed', params: { construct: 'secondRoot' } },
  'unclosed element': { code: 'svgMalformed', params: { construct: 'unclosed' } },
  'no root element': { code: 'svgMalformed', params: { construct: 'noRoot' } },
  doctype: { code: 'svgDoctype' },
  'too many nodes': { code: 'svgTooComplex' },
  'too deep': { code: 'svgTooComplex' },
  'root is not <svg>': { code: 'notSvg' },
  'artwork too large': { code: 'artworkTooLarge', params: { limit: SCREEN_ARTWORK_MAX_BYTES } },
};

const english: Record<ScreenImportReason, (p: ScreenImportRefusalParams) => string> = {
  notZip: () => 'not a zip archive',
  tooManyEntries: (p) => `more than ${p.limit} entries`,
  tooLarge: (p) => `inflates to more than ${p.limit} bytes`,
  missingEntry: () => 'missing',
  notJson: () => 'not JSON',
  invalidEntry: (p) => p.path ?? 'document',
  notFuxa: (p) => `not a FUXA project: ${p.path}`,
  svgMalformed: () => 'not well-formed XML',
  svgDoctype: () => 'doctype refused',
  svgTooComplex: () => 'too many or too deeply nested elements',
  notSvg: () => 'root is not <svg>',
  artworkTooLarge: (p) => `artwork larger than ${p.limit} bytes`,
  noScreens: () => 'no screens',
  invalidScreen: (p) => p.path ?? 'document',
  writeValueType: (p) => `item ${p.element} writes ${p.value}, which TAG ${p.tag} cannot hold`,
};

function englishReason(code: ScreenImportReason, p: ScreenImportRefusalParams, detail?: string): string {
  const where = [p.file, p.view && `view ${p.view}`, p.screen && `screen ${p.screen}`];
  return [...where, english[code](p), detail].filter(Boolean).join(': ');
}

/** Answers 2001 with the refusal (the English reason also as the envelope's `msg`). */
export function failImport(err: ImportError, kind: string): never {
  const data: ScreenImportRefusal = { reason: err.reason, reason_code: err.code, params: err.params };
  return fail(ErrorCode.PROJECT_ARCHIVE_PARSE, data, { msg: `${kind}: ${err.reason}` });
}
