// prism.mjs -- Prism's validating proxy (prism proxy --errors) in front of a server: a
// violation of the OpenAPI document comes back as Prism's own problem instead of the
// server's answer.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.mjs';
import { eventually } from './wait.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRISM = join(ROOT, 'node_modules/.bin/prism');
export const DOC = join(ROOT, 'schema/openapi.json');

/** Start `prism proxy <doc> <upstream> --errors` on a free loopback port. Resolves
 * {url, log(), stop()} once it forwards a GET of probe. */
export async function startPrism(upstream, doc = DOC, probe = '/api/v1/health') {
  const port = await freePort();
  const proc = spawn(PRISM, ['proxy', doc, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  let log = '';
  proc.stdout.on('data', (d) => { log += d; });
  proc.stderr.on('data', (d) => { log += d; });
  const url = `http://127.0.0.1:${port}`;
  try {
    // Prism loads many modules: minutes on a loaded Raspberry Pi. Connection: close, so
    // that no idle socket of the probe is left in the pool: a busy event loop here
    // (swagger-parser's validation runs in the same process) would keep it past Prism's
    // keep-alive, and the next request would meet a closed socket.
    await eventually(async () => (await fetch(`${url}${probe}`, { headers: { Connection: 'close' } })).ok, {
      timeout: 300000, interval: 200, message: () => `prism to start: ${log}`,
      giveUp: () => proc.exitCode !== null && 'prism exited',
    });
  } catch (e) {
    proc.kill('SIGKILL'); // a child left running would keep the test file from ending
    throw e;
  }
  const stop = () => new Promise((r) => { if (proc.exitCode !== null) r(); else { proc.once('exit', r); proc.kill('SIGTERM'); } });
  return { url, log: () => log, stop };
}
