import {
  bindDevice,
  createProject,
  createTemplate,
  importScreens,
  putTemplateTags,
  TagDataType,
  toggleSwitch,
  widgetAt,
  type ScreenDocumentInput,
} from '@hmi/contract';
import { newHardware, type TestAccount } from './accounts';
import type { TestDatabase } from './databases';
import { api, type ApiBody, type Harness } from './harness';
import { ok } from './registry';
import { AccountSuite, withAccountSuite } from './suite';

export interface Plant {
  templateId: number;
  /** Devices "Oven_1<tag>" and "Oven_2<tag>" of the template, both members of the project. */
  deviceIds: [number, number];
  projectId: number;
}

/** A template "Oven <tag>" (TAGs temp, state, running, setpoint), two devices on it, a project of both. */
export async function seedPlant(h: Harness, account: TestAccount, tag: string): Promise<Plant> {
  const template = await ok(h, account, createTemplate, { body: { name: `Oven ${tag}`, hmi_model: 'X10' } });
  await ok(h, account, putTemplateTags, {
    params: { id: template.id },
    body: {
      tags: [
        { name: 'temp', data_type: TagDataType.FLOAT },
        { name: 'state', data_type: TagDataType.INT16 },
        { name: 'running', data_type: TagDataType.BOOL, access: 2 },
        { name: 'setpoint', data_type: TagDataType.FLOAT, access: 2 },
      ],
    },
  });
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const hw = await newHardware(h, 'X10');
    const d = await ok(h, account, bindDevice, {
      body: { sn: hw.sn, pin: hw.pin, name: `Oven_${n}${tag}`, template_id: template.id },
    });
    ids.push(d.id);
  }
  const project = await ok(h, account, createProject, { body: { name: `Line ${tag}`, device_ids: ids } });
  return { templateId: template.id, deviceIds: [ids[0] ?? 0, ids[1] ?? 0], projectId: project.id };
}

/** What a screen import suite works with: `main` (10 templates) owns `plant`. */
export class PlantSuite extends AccountSuite {
  plant!: Plant;

  /** Imports as `main`. */
  readonly importAs = (body: ApiBody<typeof importScreens>) =>
    api(this.h.app, importScreens, { token: this.main.token, body });
}

/** Registers the suite's hooks: a harness on `database` with a main account and its plant "a". */
export function plantSuite(database: TestDatabase): PlantSuite {
  const suite: PlantSuite = withAccountSuite(new PlantSuite(), database, 10, async () => {
    suite.plant = await seedPlant(suite.h, suite.main, 'a');
  });
  return suite;
}

/** A template screen document binding `temp` and `running`. */
export function ovenDocument(): ScreenDocumentInput {
  return {
    version: 1,
    width: 800,
    height: 600,
    artwork:
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect x="10" y="10" width="100" height="60" fill="#ccc" onclick="alert(1)"/><script>alert(2)</script></svg>',
    widgets: [
      widgetAt('temp', [10, 10, 100, 100], { type: 'gauge', binding: { tag: 'temp' } }),
      toggleSwitch('run', [120, 10, 60, 30], { tag: 'running' }),
    ],
  };
}

/** A project screen document binding `temp` of both devices. */
export function lineDocument(deviceIds: readonly number[]): ScreenDocumentInput {
  return {
    version: 1,
    width: 1200,
    height: 400,
    widgets: deviceIds.map((id, i) =>
      widgetAt(`temp${i}`, [10 + i * 300, 10, 200, 40], {
        type: 'value',
        binding: { device_id: id, tag: 'temp' },
        props: { unit: '°C' },
      }),
    ),
  };
}
