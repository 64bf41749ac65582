import { ErrorCode, type Screen, type ScreenDocument, type ScreenVersion } from '@hmi/contract';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { ownerOf } from './access';
import { checkDocument } from './bindings';
import { fields, readVersionDocument, withCleanArtwork, type ScreenService } from './service';

/**
 * The saved versions of a screen (the editor's history): listed and read with the screen's view
 * right, restored with its edit right. Restoring saves the kept document again as the newest
 * version, checked against the owner as it is today (a TAG or member since removed: 1006).
 */
export class ScreenVersions {
  constructor(private readonly screens: ScreenService) {}

  async list(user: SessionUser, id: number): Promise<{ list: ScreenVersion[]; total: number }> {
    await this.screens.access.screen(user, id, 'view');
    const list = (await this.screens.repo.versions(id)).map((v) => ({ ...v, saved_at: Number(v.saved_at) }));
    return { list, total: list.length };
  }

  async get(
    user: SessionUser,
    id: number,
    version: number,
  ): Promise<ScreenVersion & { document: ScreenDocument }> {
    await this.screens.access.screen(user, id, 'view');
    const v = await this.screens.repo.findVersion(id, version);
    if (!v) fail(ErrorCode.NO_DATA);
    return {
      version: v.version,
      name: v.name,
      width: v.width,
      height: v.height,
      widget_count: v.widget_count,
      saved_by: v.saver,
      saved_at: Number(v.saved_at),
      document: readVersionDocument(v.document),
    };
  }

  async restore(user: SessionUser, id: number, version: number, expected: number | null): Promise<Screen> {
    const { row, target } = await this.screens.access.screen(user, id, 'edit');
    const v = await this.screens.repo.findVersion(id, version);
    if (!v) fail(ErrorCode.NO_DATA);
    const doc = withCleanArtwork(readVersionDocument(v.document));
    const devices = checkDocument(doc, target, await this.screens.repo.ids(ownerOf(row)));
    const f = fields(row.name, row.sort, doc);
    await this.screens.repo.transaction((trx) =>
      this.screens.saveDocument(user, id, f, devices, expected, trx),
    );
    return this.screens.get(user, id, undefined);
  }
}
