/** 2001 for every kind of file an import cannot read: a reason code and parameters, and English. */
import {
  listTemplateScreens,
  SCREEN_ARCHIVE_ENTRIES_MAX,
  SCREEN_ARCHIVE_INFLATED_MAX_BYTES,
  SCREEN_ARTWORK_MAX_BYTES,
  screenImportRefusal,
  type ScreenImportRefusal,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { ok } from '../../test/registry';
import { plantSuite } from '../../test/screens';
import { zipOf } from '../../test/zip';

describe.each(databases)('screen import refusals on $name', (database) => {
  const ctx = plantSuite(database);
  const { importAs } = ctx;

  const manifestOf = (screens: string[]) =>
    Buffer.from(JSON.stringify({ format: 'hmi-screens', version: 1, screens }));
  const fuxaView = (svgcontent: string) =>
    Buffer.from(JSON.stringify({ hmi: { views: [{ id: 'v1', name: 'Oven', svgcontent }] } }));

  it.each<[string, 'archive' | 'fuxa' | 'svg', () => Buffer, string, ScreenImportRefusal['params'], string]>([
    ['not a zip', 'archive', () => Buffer.from('hello'), 'notZip', {}, 'not a zip'],
    [
      'too many entries',
      'archive',
      () =>
        zipOf(
          Array.from({ length: SCREEN_ARCHIVE_ENTRIES_MAX + 1 }, (_, i) => ({
            name: `${i}`,
            data: Buffer.from(''),
          })),
        ),
      'tooManyEntries',
      { limit: SCREEN_ARCHIVE_ENTRIES_MAX },
      `more than ${SCREEN_ARCHIVE_ENTRIES_MAX} entries`,
    ],
    [
      'a zip bomb',
      'archive',
      () => zipOf([{ name: 'manifest.json', data: Buffer.alloc(70 * 1024 * 1024) }]),
      'tooLarge',
      { limit: SCREEN_ARCHIVE_INFLATED_MAX_BYTES },
      'inflates to more than',
    ],
    [
      'no manifest',
      'archive',
      () => zipOf([{ name: 'x.json', data: Buffer.from('{}') }]),
      'missingEntry',
      { file: 'manifest.json' },
      'manifest.json: missing',
    ],
    [
      'a manifest that is not JSON',
      'archive',
      () => zipOf([{ name: 'manifest.json', data: Buffer.from('{') }]),
      'notJson',
      { file: 'manifest.json' },
      'manifest.json: not JSON',
    ],
    [
      'a manifest of another format',
      'archive',
      () => zipOf([{ name: 'manifest.json', data: Buffer.from('{"format":"x"}') }]),
      'invalidEntry',
      { file: 'manifest.json', path: 'format' },
      'manifest.json: format',
    ],
    [
      'a listed screen missing',
      'archive',
      () => zipOf([{ name: 'manifest.json', data: manifestOf(['screens/1.json']) }]),
      'missingEntry',
      { file: 'screens/1.json' },
      'screens/1.json: missing',
    ],
    [
      'a document out of bounds',
      'archive',
      () =>
        zipOf([
          { name: 'manifest.json', data: manifestOf(['screens/1.json']) },
          {
            name: 'screens/1.json',
            data: Buffer.from(
              JSON.stringify({ id: 1, name: 'A', document: { version: 1, width: 5, height: 5 } }),
            ),
          },
        ]),
      'invalidEntry',
      { file: 'screens/1.json', path: 'width' },
      'screens/1.json: width: range',
    ],
    ['not JSON', 'fuxa', () => Buffer.from('{'), 'notJson', {}, 'not JSON'],
    [
      'not a FUXA project',
      'fuxa',
      () => Buffer.from('{"hmi":{}}'),
      'notFuxa',
      { path: 'hmi.views' },
      'not a FUXA project: hmi.views',
    ],
    [
      'a FUXA project without views',
      'fuxa',
      () => Buffer.from('{"hmi":{"views":[]}}'),
      'noScreens',
      {},
      'no screens',
    ],
    [
      'a FUXA view that is not well-formed',
      'fuxa',
      () => fuxaView('<svg><g></svg>'),
      'svgMalformed',
      { view: 'Oven', construct: 'endTag' },
      'view Oven: not well-formed XML: mismatched end tag',
    ],
    [
      'a doctype',
      'svg',
      () => Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><svg>&a;</svg>'),
      'svgDoctype',
      {},
      'doctype',
    ],
    ['not an SVG', 'svg', () => Buffer.from('<html><body/></html>'), 'notSvg', {}, 'root is not <svg>'],
    [
      'nesting past the limit',
      'svg',
      () => Buffer.from(`<svg>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`),
      'svgTooComplex',
      {},
      'too many or too deeply nested',
    ],
    [
      'a drawing past the artwork size',
      'svg',
      () => Buffer.from(`<svg><text>${'x'.repeat(SCREEN_ARTWORK_MAX_BYTES)}</text></svg>`),
      'invalidScreen',
      { screen: 'SVG', path: 'artwork' },
      'screen SVG: artwork',
    ],
  ])(
    'answers 2001 with the reason for %s, writing nothing',
    async (_name, kind, file, code, params, reason) => {
      const before = (
        await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: ctx.plant.templateId } })
      ).total;
      const r = await importAs({
        kind,
        template_id: ctx.plant.templateId,
        content_base64: file().toString('base64'),
      });
      expect(r.body).toMatchObject({
        code: 2001,
        data: { reason: expect.stringContaining(reason), reason_code: code, params },
      });
      // The refusal is the contract's shape, parameters and all (nothing more for the web to guess).
      expect(screenImportRefusal.strict().parse((r.body as { data: unknown }).data).params).toEqual(params);
      expect(
        (await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: ctx.plant.templateId } })).total,
      ).toBe(before);
    },
  );
});
