/**
 * Runs npm scripts side by side and fails when any of them fails. tsc and ESLint use one core each, so
 * on a 2-core machine the checks run at once instead of one after another. Each script's output is
 * printed whole when it ends, so the logs do not interleave.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/parallel.mjs <npm script>...\n');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = code === 0 ? 'passed' : `failed (exit ${code})`;
      process.stdout.write(`\n── ${name}: ${outcome} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const passed = await Promise.all(names.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
