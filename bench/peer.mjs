// peer.mjs -- the benchmark's Node peer: Fastify and better-sqlite3 doing one INSERT
// per POST (its own transaction: one WAL sync each) at the durability stampbook keeps
// (WAL, synchronous=FULL), as a Node service of the same job would be written.
//
// Usage: node bench/peer.mjs DB   (it listens on 127.0.0.1, any free port, and prints
// "peer: listening on PORT"). Its modules come from build/bench/node_modules, which
// bench/run installs once (never part of what `make test` installs). A POST of a JSON
// object stores its body with the time and answers 201 {"id":N}; SIGTERM stops it.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve('build/bench/node_modules/peer.cjs'));
const Fastify = require('fastify');
const Database = require('better-sqlite3');

const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE IF NOT EXISTS events(id INTEGER PRIMARY KEY, body TEXT NOT NULL, at TEXT NOT NULL)');
const insert = db.prepare("INSERT INTO events(body, at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))");

const app = Fastify({ logger: false, bodyLimit: 65536 });
app.post('/*', async (req, reply) => {
  if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    reply.code(400);
    return { status: 400 };
  }
  const id = insert.run(JSON.stringify(req.body)).lastInsertRowid;
  reply.code(201);
  return { id: Number(id) };
});

const stop = async () => {
  await app.close();
  db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ host: '127.0.0.1', port: 0 });
console.error(`peer: listening on ${app.server.address().port}`);
