/** A team of its own whose remote traffic is whatever a test gives it (the demo team has gigabytes). */
import { demoSimTags } from '../../apps/agent/src/sim/generators';
import { registerIdentities } from '../../apps/agent/src/sim/register';
import { startSimulatedHmi, type SimulatedHmi } from '../../apps/agent/src/sim/simulator';
import { registerActiveAccount, runAdmin } from './admin';
import { apiCall } from './api';
import type { RunningServer } from './server';
import { apiLogin, type LoginTokens } from './session';

/** Registers a mail account through the API, activates it with the operator command and logs in. */
export async function registerTeam(
  server: RunningServer,
  mail: string,
  passwd: string,
): Promise<LoginTokens> {
  await registerActiveAccount(server, mail, passwd, { name: 'Traffic', locale: 'en-US' });
  return apiLogin(server.url, mail, passwd);
}

export interface RemoteCard {
  number: string;
  password: string;
}

/** Issues one Remote Access card of `size` (e.g. `12KB`) with the operator command. */
export async function issueRemoteCard(server: RunningServer, size: string): Promise<RemoteCard> {
  const output = await runAdmin(server, [
    'cards:issue',
    '--type',
    'remote',
    '--count',
    '1',
    '--traffic',
    size,
  ]);
  const card = /^(\S{12,}) {2}([A-Za-z0-9]{8})$/m.exec(output);
  if (!card?.[1] || !card[2]) throw new Error(`no card in: ${output}`);
  return { number: card[1], password: card[2] };
}

/** Activates `card` for the team of `tokens` through the billing API, as the activation dialog does. */
export async function activateRemoteCard(server: RunningServer, tokens: LoginTokens, card: RemoteCard) {
  await apiCall(server, tokens, 'POST', '/billing/cards/activate', {
    type: 2,
    card_no: card.number.slice(-8),
    password: card.password,
  });
}

/**
 * A new team with `traffic` of Remote Access and one simulated HMI (its own screen over VNC, in this
 * process) registered as hardware, bound by the team and its traffic switch on. Its values change
 * 20 times a second, so an open screen keeps using traffic. Stop `sim` when done.
 */
export async function teamWithTrafficHmi(
  server: RunningServer,
  o: { mail: string; passwd: string; traffic: string; sn: string },
): Promise<{ owner: LoginTokens; deviceId: number; sim: SimulatedHmi }> {
  // The operator commands (own processes) and the hardware registration run side by side.
  const [owner, card, { identities }] = await Promise.all([
    registerTeam(server, o.mail, o.passwd),
    issueRemoteCard(server, o.traffic),
    registerIdentities([{ sn: o.sn, pin: '135790', model: 'SIM-X10', seq: 0 }], {
      ...process.env,
      ...server.env,
    }),
  ]);
  const [identity] = identities;
  if (!identity) throw new Error('no identity');
  await activateRemoteCard(server, owner, card);
  const device = await apiCall<{ id: number }>(server, owner, 'POST', '/devices', {
    sn: o.sn,
    pin: identity.pin,
    name: 'TrafficHmi',
  });
  await apiCall(server, owner, 'PUT', `/devices/${device.id}/traffic-switch`, { on: true });
  const sim = startSimulatedHmi({
    url: `mqtt://127.0.0.1:${server.env.MQTT_PORT}`,
    sn: o.sn,
    secret: identity.secret,
    tags: demoSimTags,
    rateMs: 50,
  });
  return { owner, deviceId: device.id, sim };
}
