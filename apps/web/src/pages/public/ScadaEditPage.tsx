/**
 * /scada/edit?screen=<id>: a template's or project's screen in the editor, full page like the
 * viewer (opened from the screens list in a new tab). The editor's code is this route's chunk only.
 * Who may not edit the screen's owner (11 for a template, 42 for a project) is told so here; the
 * server refuses their saves regardless.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, hasPermission, Permission, type Screen, type ScreenSummary } from '@hmi/contract';
import { getDeviceTags } from '../../api/connectivity';
import { listDevices } from '../../api/devices';
import { isApiError } from '../../api/errors';
import { getProject } from '../../api/projects';
import { getScreen, listProjectScreens, listTemplateScreens } from '../../api/screens';
import { getTemplate, getTemplateTags } from '../../api/templates';
import { session } from '../../api/tokens';
import { editorTexts } from '../../i18n';
import { live } from '../../live/live';
import { useSession, userStore } from '../../session/userStore';
import type { Bindable } from '../../features/scada/editor/bindable';
import { ScadaEditor } from '../../features/scada/editor/ScadaEditor';
import '../../features/scada/scada.css';

interface Ready {
  screen: Screen;
  bindable: Bindable;
  screens: ScreenSummary[];
  previewDevices: { id: number; name: string }[];
}
type Loaded =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; ready: Ready };

const quiet = { handleError: true } as const;
/** Devices looked at for a template's preview (the devices of its model, one page). */
const MODEL_DEVICES_MAX = 200;

async function load(id: number): Promise<Ready> {
  const screen = await getScreen(id, undefined, quiet);
  if (screen.template_id !== null) {
    const templateId = screen.template_id;
    const [tags, list, template] = await Promise.all([
      getTemplateTags(templateId, quiet),
      listTemplateScreens(templateId, quiet),
      getTemplate(templateId, quiet),
    ]);
    const devices = await listDevices(
      { model: template.hmi_model, pageSize: MODEL_DEVICES_MAX },
      quiet,
    ).catch(() => null);
    return {
      screen,
      bindable: { kind: 'template', tags: tags.list },
      screens: list.list,
      previewDevices: (devices?.list ?? [])
        .filter((d) => d.template_id === templateId)
        .map((d) => ({ id: d.id, name: d.name })),
    };
  }
  const projectId = screen.project_id ?? 0;
  const [project, list] = await Promise.all([
    getProject(projectId, quiet),
    listProjectScreens(projectId, quiet),
  ]);
  const devices = await Promise.all(
    project.devices.map(async (d) => ({
      id: d.id,
      name: d.name,
      tags: (await getDeviceTags(d.id, quiet).catch(() => ({ list: [] }))).list,
    })),
  );
  return { screen, bindable: { kind: 'project', devices }, screens: list.list, previewDevices: [] };
}

export function ScadaEditPage() {
  const { t } = useTranslation('editor');
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  const [params] = useSearchParams();
  const raw = params.get('screen');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const { userInfo } = useSession();
  const [round, setRound] = useState(0);
  // The editor's own texts come with it, not with every screen's (a failed fetch shows keys).
  const [texts, setTexts] = useState(false);
  useEffect(() => {
    let alive = true;
    const done = () => alive && setTexts(true);
    editorTexts().then(done, done);
    return () => {
      alive = false;
    };
  }, []);
  // The answer for the screen in the address and this round of loading; until it is in, loading.
  const want = `${id}/${round}`;
  const [answer, setAnswer] = useState<{ want: string; loaded: Loaded } | null>(null);
  const loaded: Loaded = answer?.want === want ? answer.loaded : { state: 'loading' };

  useEffect(() => {
    if (!token) return;
    void userStore.ensureLoaded().catch(() => undefined);
    live.start();
    return () => live.stop();
  }, [token]);

  useEffect(() => {
    if (!token || id === null) return;
    let alive = true;
    const key = `${id}/${round}`;
    const setLoaded = (l: Loaded) => setAnswer({ want: key, loaded: l });
    load(id).then(
      (ready) => alive && setLoaded({ state: 'ready', ready }),
      (error: unknown) =>
        alive &&
        setLoaded({
          state:
            isApiError(error) && (error.code === ErrorCode.NO_DATA || error.code === ErrorCode.AUTHORIZATION)
              ? 'missing'
              : 'failed',
        }),
    );
    return () => {
      alive = false;
    };
  }, [token, id, round]);

  const name = loaded.state === 'ready' ? loaded.ready.screen.name : null;
  useEffect(() => {
    if (name) document.title = `${name} - ${t('title')}`;
  }, [name, t]);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  if (!token) return <Navigate to="/login" replace />;
  if (id === null) return <Result status="info" title={t('unaddressed')} data-testid="editor-unaddressed" />;
  if (loaded.state === 'loading' || !texts)
    return (
      <div className="scada-fit" style={{ height: '100vh' }}>
        <Spin />
      </div>
    );
  if (loaded.state !== 'ready')
    return (
      <Result
        status={loaded.state === 'failed' ? 'warning' : 'info'}
        title={t(loaded.state)}
        data-testid={`editor-${loaded.state}`}
      />
    );
  const { screen } = loaded.ready;
  const editId = screen.template_id !== null ? Permission.TEMPLATE_EDIT : Permission.PROJECT_EDIT;
  if (userInfo && !hasPermission(userInfo, editId))
    return <Result status="403" title={t('forbidden')} data-testid="editor-forbidden" />;
  return <ScadaEditor key={`${screen.id}/${round}`} {...loaded.ready} live={live} onReload={reload} />;
}
