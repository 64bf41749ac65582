/** Entry of the stand-alone client bundle (scripts/build-connect.mjs): `node hmi-connect.mjs …`. */
import { runConnect } from './connect-cli';

const args = process.argv.slice(2);
runConnect(args[0] === 'connect' ? args.slice(1) : args).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
