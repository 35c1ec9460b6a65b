// config.test.mjs -- the packaged configuration /etc/stampbook/stampbook.conf is read
// only when --config names it (the packaged units do): a bare `stampbook` on the same
// machine keeps to its own flags (issue 42: a development server once wrote its backups
// where the installed one's file told it to). The units' own command lines are checked
// by tools.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './server.mjs';

const CONF = '/etc/stampbook/stampbook.conf';
const CONTRIB = new URL('../../contrib/', import.meta.url);

const run = (args) => new Promise((done) => {
  execFile(BIN, args, { timeout: 20000 }, (err, stdout, stderr) =>
    done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
});

/** Can this process write the packaged configuration (or make its folder)? */
function canWriteEtc() {
  try {
    accessSync(existsSync('/etc/stampbook') ? '/etc/stampbook' : '/etc', constants.W_OK);
    return true;
  } catch { return false; }
}

test('the packaged units name the configuration with --config in every command line', () => {
  for (const unit of ['stampbook.service', 'stampbook-healthcheck.service']) {
    const text = readFileSync(new URL(unit, CONTRIB), 'utf8');
    const lines = text.split('\n').filter((l) => /^Exec/.test(l) && /stampbook (serve|healthcheck)/.test(l));
    assert.ok(lines.length > 0, unit);
    for (const l of lines) {
      for (const m of l.matchAll(/stampbook (serve|healthcheck)[^;&|']*/g)) assert.match(m[0], /--config \/etc\/stampbook\/stampbook\.conf/, `${unit}: ${m[0]}`);
    }
  }
});

test('a bare stampbook does not read /etc/stampbook/stampbook.conf; with --config it does', { skip: canWriteEtc() ? false : `${CONF} cannot be written here (run as root, as CI does)` }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stampbook-conf-'));
  const saved = existsSync(CONF) ? join(dir, 'saved.conf') : null;
  const madeFolder = !existsSync('/etc/stampbook');
  if (saved) copyFileSync(CONF, saved);
  mkdirSync('/etc/stampbook', { recursive: true });
  try {
    // A file the server would refuse (exit 2, naming its line) if it read it, and that
    // would send the database elsewhere.
    writeFileSync(CONF, `db = ${join(dir, 'from-etc.db')}\nquiet = maybe\n`);
    const db = join(dir, 'own.db');
    const bare = await run(['migrate', '--db', db]);
    assert.equal(bare.code, 0, `a bare command ignores ${CONF}: ${bare.stderr}`);
    assert.ok(existsSync(db), 'it used its own --db');
    assert.ok(!existsSync(join(dir, 'from-etc.db')), 'nothing where the file points');
    const named = await run(['migrate', '--config', CONF, '--db', db]);
    assert.equal(named.code, 2, 'with --config the file is read, and its bad line refused');
    assert.match(named.stderr, /stampbook\.conf: line 2: quiet takes yes or no/);
    writeFileSync(CONF, `db = ${join(dir, 'from-etc.db')}\n`);
    const good = await run(['migrate', '--config', CONF]);
    assert.equal(good.code, 0, good.stderr);
    assert.ok(existsSync(join(dir, 'from-etc.db')), '--config applies the file');
  } finally {
    if (saved) copyFileSync(saved, CONF);
    else rmSync(CONF, { force: true });
    if (madeFolder) rmSync('/etc/stampbook', { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
