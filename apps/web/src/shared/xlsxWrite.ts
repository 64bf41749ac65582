/**
 * A one-sheet .xlsx written in the browser, row by row, without a spreadsheet library: the sheet is
 * XML built as the rows arrive, then stored (not deflated) in a zip with the four small parts Excel,
 * LibreOffice and ExcelJS need. Text goes in inline-string cells, formula-escaped; numbers in number
 * cells.
 */
import { escapeCell } from './sheetText';
import { XLSX_MIME } from './xlsx';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Control characters XML 1.0 cannot hold (tab, LF and CR it can); TextEncoder turns lone surrogates
// into U+FFFD itself.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const xmlText = (s: string) =>
  s.replace(NOT_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A1-style column letters of a 0-based column. */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
}

export class XlsxSheetWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly encoder = new TextEncoder();
  private rowCount = 0;

  constructor(private readonly name: string) {}

  /** Appends a row: strings as formula-escaped text, numbers as numbers, null as an empty cell. */
  addRow(values: readonly (string | number | null)[]): void {
    const r = (this.rowCount += 1);
    let xml = `<row r="${r}">`;
    values.forEach((v, i) => {
      const ref = `${columnName(i)}${r}`;
      if (v === null) return;
      if (typeof v === 'number' && Number.isFinite(v)) xml += `<c r="${ref}"><v>${v}</v></c>`;
      else
        xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(escapeCell(String(v)))}</t></is></c>`;
    });
    this.parts.push(this.encoder.encode(`${xml}</row>`));
  }

  /** The workbook as a file. */
  toBlob(): Blob {
    const enc = (s: string) => this.encoder.encode(s);
    const sheet = [
      enc(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`),
      ...this.parts,
      enc('</sheetData></worksheet>'),
    ];
    const files: [string, Uint8Array[]][] = [
      [
        '[Content_Types].xml',
        [
          enc(
            `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
              '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
              '<Default Extension="xml" ContentType="application/xml"/>' +
              '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
              '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
              '</Types>',
          ),
        ],
      ],
      [
        '_rels/.rels',
        [
          enc(
            `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
          ),
        ],
      ],
      [
        'xl/workbook.xml',
        [
          enc(
            `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName(this.name)).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
          ),
        ],
      ],
      [
        'xl/_rels/workbook.xml.rels',
        [
          enc(
            `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
          ),
        ],
      ],
      ['xl/worksheets/sheet1.xml', sheet],
    ];
    return new Blob(storedZip(files), { type: XLSX_MIME });
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(parts: readonly Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const p of parts)
    for (let i = 0; i < p.length; i += 1)
      crc = (CRC_TABLE[(crc ^ (p[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of stored entries (no zip64: the row cap keeps the sheet far below 4 GiB). */
function storedZip(files: readonly [string, Uint8Array[]][]): BlobPart[] {
  const out: BlobPart[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [path, parts] of files) {
    const name = new TextEncoder().encode(path);
    const size = parts.reduce((n, p) => n + p.length, 0);
    const crc = crc32(parts);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint32(14, crc, true);
    local.setUint32(18, size, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, size, true);
    entry.setUint32(24, size, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    out.push(local.buffer, name, ...(parts as BlobPart[]));
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + size;
  }
  const directorySize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return [...out, ...(central as BlobPart[]), end.buffer];
}
