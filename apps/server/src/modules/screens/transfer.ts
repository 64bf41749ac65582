import {
  SCREEN_IMPORT_MAX_BYTES,
  screenDocument,
  type CallBody,
  type importScreens,
  type ImportReport,
  type ScreenDocument,
  type ScreenSummary,
} from '@hmi/contract';
import { failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { Target } from './access';
import { ownerOf } from './access';
import { readArchive, writeArchive } from './archive/format';
import { checkDocument } from './bindings';
import { readFuxa } from './import/fuxa';
import { failImport, ImportError } from './import/refusal';
import { Resolver, type DraftScreen } from './import/resolve';
import { readAttributedSvg } from './import/svg-attributes';
import { SymbolError, withCleanSymbols } from './svg/symbol';
import type { Owner } from './repo';
import { toScreen, toSummary, type ScreenService } from './service';

type ImportBody = CallBody<typeof importScreens>;

const screenNameOf = (name: string, fallback: string) => name.trim().slice(0, 64) || fallback;
const safeFileName = (name: string) => name.replace(/[^\p{L}\p{N}_-]+/gu, '_');

/** Import from the three formats and export as the product's archive. */
export class ScreenTransfer {
  constructor(private readonly screens: ScreenService) {}

  private async read(body: ImportBody, target: Target, resolver: Resolver): Promise<DraftScreen[]> {
    if (body.content_base64.length > Math.ceil(SCREEN_IMPORT_MAX_BYTES / 3) * 4 + 4)
      failInput('content_base64', 'fileTooLarge');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body.content_base64)) failInput('content_base64', 'fileFormat');
    const buf = Buffer.from(body.content_base64, 'base64');
    if (buf.length > SCREEN_IMPORT_MAX_BYTES) failInput('content_base64', 'fileTooLarge');
    try {
      if (body.kind === 'archive') return await readArchive(buf, resolver);
      if (body.kind === 'fuxa') return readFuxa(buf.toString('utf8'), resolver);
      const existing = await this.screens.repo.list(target.owner);
      const byRef = new Map<string, number>();
      for (const s of existing) byRef.set(s.name, s.id).set(String(s.id), s.id);
      const name = body.name ?? screenNameOf(body.filename.replace(/\.svg$/i, ''), 'SVG');
      return [readAttributedSvg(buf.toString('utf8'), name, resolver, byRef)];
    } catch (err) {
      if (err instanceof ImportError) failImport(err, body.kind);
      throw err;
    }
  }

  async import(
    user: SessionUser,
    body: ImportBody,
  ): Promise<{ screens: ScreenSummary[]; report: ImportReport }> {
    const owner: Owner =
      body.template_id !== undefined
        ? { kind: 'template', id: body.template_id }
        : { kind: 'project', id: body.project_id ?? 0 };
    const target = await this.screens.access.owner(user, owner, 'edit');
    const resolver = new Resolver(target, body.tag_map);
    const drafts = await this.read(body, target, resolver);
    if (!drafts.length) failImport(new ImportError('noScreens'), body.kind);
    const docs = drafts.map((d) => {
      const parsed = screenDocument.safeParse(d.document);
      if (!parsed.success)
        return failImport(ImportError.ofSchema('invalidScreen', parsed.error, { screen: d.name }), body.kind);
      try {
        return withCleanSymbols(parsed.data);
      } catch (err) {
        if (!(err instanceof SymbolError)) throw err;
        const path = `widgets.${err.widget}.props.svg`;
        return failImport(new ImportError('invalidScreen', { screen: d.name, path }), body.kind);
      }
    });
    const existing = await this.screens.repo.ids(owner);
    const ready = drafts.map((d, i) => {
      const document = docs[i] as ScreenDocument;
      const devices = checkDocument(document, target, existing, `screens.${i}`);
      return { name: screenNameOf(d.name, `Screen ${i + 1}`), sort: d.sort, document, devices };
    });
    const report: ImportReport = {
      screens: drafts.map((d, i) => ({
        name: ready[i]?.name ?? d.name,
        widgets: ready[i]?.document.widgets.length ?? 0,
        unmapped: d.unmapped,
        items: d.items ?? [],
      })),
      variables: resolver.variables(),
    };
    if (body.dry_run) return { screens: [], report };
    // A value its TAG cannot hold is refused now rather than at the click (the dry run lists it).
    for (const d of drafts) {
      const problem = d.typeProblems?.[0];
      if (problem) failImport(new ImportError('writeValueType', { screen: d.name, ...problem }), body.kind);
    }
    const ids = await this.screens.repo.transaction(async (trx) => {
      const created = await this.screens.insertChecked(target, ready, trx, user.id);
      const byKey = new Map(drafts.map((d, i) => [d.key, created[i] ?? 0]));
      for (const [i, d] of drafts.entries()) {
        const doc = ready[i]?.document;
        const linked = d.links.filter((l) => byKey.has(l.target));
        if (!doc || !linked.length) continue;
        const widgets = doc.widgets.map((w) => ({ ...w }));
        for (const l of linked) {
          const w = widgets[l.widget];
          if (w) w.action = { kind: 'goto', screen_id: byKey.get(l.target) ?? 0, dialog: l.dialog ?? false };
        }
        await this.screens.repo.update(
          created[i] ?? 0,
          { document: JSON.stringify({ ...doc, widgets }) },
          this.screens.now(),
          trx,
        );
      }
      return created;
    });
    const rows = (await this.screens.repo.list(owner)).filter((r) => ids.includes(r.id));
    return { screens: rows.map(toSummary), report };
  }

  /** The archive of screens of one owner (all, or the one `screenId`). */
  private async archive(target: Target, name: string, screenId: number | null) {
    const rows = (await this.screens.repo.all(target.owner)).filter(
      (r) => screenId === null || r.id === screenId,
    );
    const devices = new Map([...target.members.values()].map((m) => [m.id, m.name]));
    const buf = writeArchive(rows.map(toScreen), devices);
    return {
      filename: `${safeFileName(name)}_screens.zip`,
      content_base64: buf.toString('base64'),
      total: rows.length,
    };
  }

  async exportOwner(user: SessionUser, owner: Owner) {
    const target = await this.screens.access.owner(user, owner, 'view');
    return this.archive(target, `${owner.kind}_${owner.id}`, null);
  }

  async exportScreen(user: SessionUser, id: number) {
    const { row, target } = await this.screens.access.screen(user, id, 'view');
    return this.archive({ ...target, owner: ownerOf(row) }, row.name, id);
  }
}
