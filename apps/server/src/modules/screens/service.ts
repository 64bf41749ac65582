import {
  ErrorCode,
  SCREENS_PER_OWNER_MAX,
  SCREEN_VERSIONS_MAX,
  screenDocument,
  type Screen,
  type ScreenDocument,
  type ScreenSummary,
} from '@hmi/contract';
import type { Transaction } from 'kysely';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { ownerOf, type ScreenAccess, type Target } from './access';
import { checkDocument } from './bindings';
import type { Owner, ScreenFields, ScreenRepo, ScreenRow } from './repo';
import { sanitiseSvg } from './svg/sanitise';
import { SymbolError, withCleanSymbols } from './svg/symbol';
import { XmlError } from './svg/xml';

type SummaryRow = Omit<ScreenRow, 'document'>;

export function toSummary(r: SummaryRow): ScreenSummary {
  return {
    id: r.id,
    name: r.name,
    template_id: r.template_id,
    project_id: r.project_id,
    sort: r.sort,
    width: r.width,
    height: r.height,
    widget_count: r.widget_count,
    version: r.version,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

/** A stored document; rows are written only through `fields`, so this holds unless edited around the API. */
function readDocument(r: ScreenRow): ScreenDocument {
  return screenDocument.parse(JSON.parse(r.document));
}

export const toScreen = (r: ScreenRow): Screen => ({ ...toSummary(r), document: readDocument(r) });

/** A kept version's document, read as `readDocument` reads a screen's. */
export const readVersionDocument = (document: string): ScreenDocument =>
  screenDocument.parse(JSON.parse(document));

/**
 * The artwork and the symbols' drawings sanitised (1006 `document.artwork` or the symbol's
 * `document.widgets.N.props.svg` fileFormat when it is not usable SVG).
 */
export function withCleanArtwork(doc: ScreenDocument, field = 'document.artwork'): ScreenDocument {
  try {
    return withCleanSymbols({ ...doc, artwork: sanitiseSvg(doc.artwork) });
  } catch (err) {
    if (err instanceof XmlError)
      failInput(field, err.reason === 'artwork too large' ? 'tooLong' : 'fileFormat');
    if (err instanceof SymbolError)
      failInput(field.replace(/artwork$/, `widgets.${err.widget}.props.svg`), 'fileFormat');
    throw err;
  }
}

export function fields(name: string, sort: number, doc: ScreenDocument): ScreenFields {
  return {
    name,
    sort,
    width: doc.width,
    height: doc.height,
    widget_count: doc.widgets.length,
    document: JSON.stringify(doc),
  };
}

/**
 * Screens of templates and projects: documents validated by the contract, artwork sanitised on
 * every save, bindings checked against the owner, and the devices a project screen binds recorded
 * (they cannot leave the project or be unbound: 1091). At most 100 screens per owner.
 */
export class ScreenService {
  constructor(
    readonly repo: ScreenRepo,
    readonly access: ScreenAccess,
    private readonly clock: Clock,
  ) {}

  now(): number {
    return epochSeconds(this.clock);
  }

  async list(user: SessionUser, owner: Owner): Promise<{ list: ScreenSummary[]; total: number }> {
    await this.access.owner(user, owner, 'view');
    const list = (await this.repo.list(owner)).map(toSummary);
    return { list, total: list.length };
  }

  async deviceScreens(user: SessionUser, deviceId: number) {
    const device = await this.access.device(user, deviceId);
    const list =
      device.template_id === null
        ? []
        : (await this.repo.list({ kind: 'template', id: device.template_id })).map(toSummary);
    return { list, total: list.length, template_id: device.template_id };
  }

  async get(user: SessionUser, id: number, deviceId: number | undefined): Promise<Screen> {
    if (deviceId !== undefined) return toScreen(await this.access.deviceScreen(user, id, deviceId));
    return toScreen((await this.access.screen(user, id, 'view')).row);
  }

  /**
   * Inserts checked screens in one transaction (the owner's cap counted inside it), each with its
   * document kept as version 1 (`savedBy`: the user, null for imports made before it was known).
   */
  async insertChecked(
    target: Target,
    screens: readonly { name: string; sort: number; document: ScreenDocument; devices: number[] }[],
    trx: Transaction<Database>,
    savedBy: number | null = null,
  ): Promise<number[]> {
    const count = await this.repo.count(target.owner, trx);
    if (count + screens.length > SCREENS_PER_OWNER_MAX) failInput('screens', 'tooLong');
    const ids: number[] = [];
    for (const s of screens) {
      const f = fields(s.name, s.sort, s.document);
      const id = await this.repo.insert(target.teamId, target.owner, f, this.now(), trx);
      await this.repo.addVersion(id, 1, f, savedBy, this.now(), SCREEN_VERSIONS_MAX, trx);
      await this.repo.setDevices(id, s.devices, trx);
      ids.push(id);
    }
    return ids;
  }

  async create(
    user: SessionUser,
    owner: Owner,
    body: { name: string; sort: number; document: ScreenDocument },
  ): Promise<Screen> {
    const target = await this.access.owner(user, owner, 'edit');
    const doc = withCleanArtwork(body.document);
    const devices = checkDocument(doc, target, await this.repo.ids(owner));
    const [id] = await this.repo.transaction((trx) =>
      this.insertChecked(
        target,
        [{ name: body.name, sort: body.sort, document: doc, devices }],
        trx,
        user.id,
      ),
    );
    return this.get(user, id ?? 0, undefined);
  }

  async update(
    user: SessionUser,
    id: number,
    body: { name?: string; sort?: number; document?: ScreenDocument; version?: number },
  ): Promise<Screen> {
    const { row, target } = await this.access.screen(user, id, 'edit');
    const patch: Partial<ScreenFields> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.sort !== undefined) patch.sort = body.sort;
    const expected = body.version ?? null;
    if (body.document) {
      const doc = withCleanArtwork(body.document);
      const devices = checkDocument(doc, target, await this.repo.ids(ownerOf(row)));
      const f = fields(patch.name ?? row.name, patch.sort ?? row.sort, doc);
      await this.repo.transaction((trx) => this.saveDocument(user, id, f, devices, expected, trx));
    } else {
      await this.repo.transaction(async (trx) => {
        if (expected !== null && (await this.repo.find(user.teamId, id, trx))?.version !== expected)
          fail(ErrorCode.SCREEN_VERSION_CONFLICT);
        await this.repo.update(id, patch, this.now(), trx);
      });
    }
    return this.get(user, id, undefined);
  }

  /**
   * Saves a checked document as the screen's next version, if it still holds `expected` (1210
   * otherwise, nothing written), and records the devices it binds.
   */
  async saveDocument(
    user: SessionUser,
    id: number,
    f: ScreenFields,
    devices: number[],
    expected: number | null,
    trx: Transaction<Database>,
  ): Promise<void> {
    const version = await this.repo.saveVersion(id, f, expected, this.now(), trx);
    if (version === null) fail(ErrorCode.SCREEN_VERSION_CONFLICT);
    await this.repo.addVersion(id, version, f, user.id, this.now(), SCREEN_VERSIONS_MAX, trx);
    await this.repo.setDevices(id, devices, trx);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    await this.access.screen(user, id, 'edit');
    await this.repo.transaction((trx) => this.repo.remove(id, trx));
    return null;
  }

  /**
   * The projects module asks this before devices leave a project: a device a screen of the
   * project binds stays (1091), as a device in a project cannot be unbound.
   */
  async assertMayLeave(projectId: number, deviceIds: readonly number[], q: Queryable): Promise<void> {
    if ((await this.repo.boundInProject(projectId, deviceIds, q)).length)
      fail(ErrorCode.DEVICE_IN_CONFIGURATION);
  }
}
