import { createServer } from 'node:net';
import { Aedes } from 'aedes';

/**
 * The broker alone, for the reference rate: the embedded broker's library (aedes) with no
 * authentication, no ingest and no storage, in its own process. Usage: bare-broker.ts <port>.
 */
const port = Number(process.argv[2]);
const aedes = await Aedes.createBroker({ id: 'bench-bare-broker' });
const server = createServer(aedes.handle);
server.listen(port, '127.0.0.1', () => console.log(`bare broker listening on ${port}`));
process.on('SIGTERM', () => {
  server.close();
  aedes.close(() => process.exit(0));
});
