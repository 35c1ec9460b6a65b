// packaging.test.mjs -- a package that builds anywhere (issue 42). debian/control's
// Build-Depends name every library the build links: each pkg-config module of the
// Makefile's PKGS belongs (by its .pc file) to a Debian package that Build-Depends lists
// (libicu-dev, libpng-dev, libjpeg62-turbo-dev and libwebp-dev were missing). Then, as
// root with the Debian mirror reachable (as in CI), in the release run: the Containerfile
// itself is built with buildah on a clean Debian (debootstrap's minbase, as
// debian:bookworm-slim), its first stage building the package with only build-essential
// and the Build-Depends, and a container of the image answers health
// (scripts/build-containerfile). The same build in a clean chroot as an unprivileged
// user, then lintian (scripts/build-deb-clean), is opt-in: `make deb-clean`, or
// STAMPBOOK_DEB_CLEAN=1 for this file (7 more minutes). Where they cannot run, they say
// skip and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const BIN = process.env.STAMPBOOK_BIN || '';

/** The names of debian/control's Build-Depends (versions and alternatives dropped). */
function buildDepends() {
  const control = readFileSync(new URL('debian/control', ROOT), 'utf8');
  const m = control.match(/^Build-Depends:((?:.*\n)(?:[ \t].*\n)*)/m);
  assert.ok(m, 'debian/control has Build-Depends');
  return new Set(m[1].split(/[,|]/).map((d) => d.trim().split(/[\s(:]/)[0]).filter(Boolean));
}

/** The pkg-config modules the Makefile builds and links with. */
function makefilePkgs() {
  const m = readFileSync(new URL('Makefile', ROOT), 'utf8').match(/^PKGS := (.*)$/m);
  assert.ok(m, 'the Makefile has PKGS');
  return m[1].trim().split(/\s+/);
}

/** The Debian package that holds the .pc file of module, or null when not found here. */
function packageOf(module) {
  try {
    const pc = execFileSync('pkg-config', ['--path', module], { encoding: 'utf8' }).trim();
    return execFileSync('dpkg-query', ['-S', pc], { encoding: 'utf8' }).split(':')[0].trim();
  } catch { return null; }
}

test('Build-Depends lists the package of every pkg-config module the build links', () => {
  const declared = buildDepends();
  for (const mod of makefilePkgs()) {
    const pkg = packageOf(mod);
    assert.ok(pkg, `${mod}: its .pc file belongs to an installed Debian package (sh scripts/install-deps build)`);
    assert.ok(declared.has(pkg), `${mod} comes from ${pkg}, which Build-Depends must list (it lists ${[...declared].join(', ')})`);
  }
  for (const tool of ['debhelper-compat', 'pkgconf']) assert.ok(declared.has(tool), `Build-Depends lists ${tool}`);
});

/** Run a script of scripts/ to its end: {code, stdout, stderr}. */
const script = (name, timeoutMin) => new Promise((done) => {
  execFile('sh', [fileURLToPath(new URL(`scripts/${name}`, ROOT))], { cwd: fileURLToPath(ROOT), maxBuffer: 256 << 20, timeout: timeoutMin * 60 * 1000 },
    (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
});

// The chroot and the image need root; each is built once, by the release run.
const ROOT_SKIP = process.getuid?.() !== 0 ? 'debootstrap, chroot and buildah need root (as in CI)'
  : BIN.includes('/asan/') ? 'built and checked once, by the release run' : null;

/** Skip t with the script's own reason when it exited 77 ("skip: ..."): true then. */
function skipped(t, r) {
  if (r.code !== 77) return false;
  t.skip(r.stderr.split('\n').filter((l) => l.startsWith('skip: ')).pop()?.slice(6) || 'cannot run here');
  return true;
}

const DEB_CLEAN_SKIP = ROOT_SKIP || (process.env.STAMPBOOK_DEB_CLEAN === '1' ? null
  : 'opt-in (make deb-clean, or STAMPBOOK_DEB_CLEAN=1): the image test builds the package with only the Build-Depends too');

test('Build-Depends: the package builds in a clean chroot holding only build-essential and the Build-Depends, and lintian passes it', { skip: DEB_CLEAN_SKIP || false }, async (t) => {
  const r = await script('build-deb-clean', 40);
  if (skipped(t, r)) return;
  assert.equal(r.code, 0, r.stderr.slice(-6000));
  assert.match(r.stderr, /built with only the Build-Depends; lintian clean/);
  const version = readFileSync(new URL('VERSION', ROOT), 'utf8').trim();
  const files = execFileSync('dpkg-deb', ['-c', fileURLToPath(new URL(`build/deb-clean/stampbook_${version}_${execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim()}.deb`, ROOT))], { encoding: 'utf8' });
  for (const f of ['./usr/bin/stampbook', './usr/share/stampbook/static/index.html', './lib/systemd/system/stampbook.service'])
    assert.ok(files.includes(` ${f}\n`), `the package holds ${f}`);
});

test('Build-Depends and image: the Containerfile builds with buildah on a clean Debian (its first stage with only build-essential and the Build-Depends), and a container of it serves health as its user and stops on SIGTERM', { skip: ROOT_SKIP || false }, async (t) => {
  const r = await script('build-containerfile', 40);
  if (skipped(t, r)) return;
  assert.equal(r.code, 0, r.stderr.slice(-6000));
  assert.match(r.stderr, /apt-get build-dep -y --no-install-recommends \.\//, 'the first stage installs only the Build-Depends');
  assert.match(r.stderr, /dpkg-buildpackage: info: binary-only upload/, 'and builds the package with them');
  assert.match(r.stderr, /it served health and stopped on SIGTERM/);
  assert.match(r.stderr, /"status":"ok"/, 'GET /api/v1/health from the container');
  try {
    const cfg = JSON.parse(r.stdout).Docker.config; // buildah inspect of the image
    assert.equal(cfg.User, 'stampbook');
    assert.deepEqual(cfg.Healthcheck.Test, ['CMD', '/usr/bin/stampbook', 'healthcheck', '--port', '8080']);
    assert.ok(cfg.Volumes && '/var/lib/stampbook' in cfg.Volumes, JSON.stringify(cfg.Volumes));
  } finally {
    await new Promise((done) => execFile('buildah', ['rmi', '-f', 'localhost/stampbook:containerfile'], () => done()));
  }
});
