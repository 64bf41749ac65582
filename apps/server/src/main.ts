import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }

  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: '0.0.0.0' });
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'EADDRINUSE') {
      console.error(
        `PORT ${config.port} is already in use. Stop the other process or set PORT to a free port.`,
      );
    } else {
      console.error(err);
    }
    await app.close().catch(() => undefined);
    process.exit(1);
  }

  // The embedded broker took a free port because MQTT_PORT's default was taken (another broker).
  // ROLE=central runs no broker.
  const mqttPort = app.hasDecorator('connectivity') ? app.connectivity.broker.port : null;
  const movedMqtt =
    mqttPort !== null && config.mqttPort !== 0 && mqttPort !== config.mqttPort
      ? `  MQTT broker  port ${mqttPort} (${config.mqttPort} is taken; set MQTT_PORT to choose one)\n`
      : '';
  if (app.hasDecorator('demo') && app.demo) {
    const line = '='.repeat(60);
    console.log(
      `\n${line}\n  HMI cloud console: ${config.publicUrl}\n  Demo login  ${app.demo.account}  /  ${app.demo.password}\n${movedMqtt}${line}\n`,
    );
  } else if (movedMqtt) console.log(movedMqtt);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
