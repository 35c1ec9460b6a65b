// packaging.test.mjs -- debian/control's Build-Depends name every library the build
// links: each pkg-config module of the Makefile's PKGS belongs (by its .pc file) to a
// Debian package that Build-Depends lists, so a build in a clean chroot with only the
// declared packages finds them all (issue 42: libicu-dev, libpng-dev, libjpeg62-turbo-dev
// and libwebp-dev were missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

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
