#!/usr/bin/env node
// Offline stand-in for Prisma's native `schema-engine` binary, which the CLI would otherwise download from
// Prisma's own host (unreachable here); prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at this file.
// It speaks the native engine's protocol to the CLI and hands every call to Prisma's official WASM build of
// the same engine (@prisma/schema-engine-wasm), which reaches PostgreSQL through @prisma/adapter-pg.
// Prisma may change the WASM API without notice: upgrade prisma, @prisma/adapter-pg,
// @prisma/driver-adapter-utils and @prisma/schema-engine-wasm together, pinned to exact versions.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import pg from "pg";

// The URL parser pg itself uses. Connections get discrete fields from it, because pg lets the database
// named in a `connectionString` override a separate `database` option (needed for shadow databases).
const { parse: parseUrl } = createRequire(createRequire(import.meta.url).resolve("pg"))("pg-connection-string");

// Arguments as the CLI passes them: `--datamodels FILE` (repeated), `--datasource JSON`, maybe
// `--enabled-preview-features X` / `--extension-types X` (the WASM engine takes neither), and for the
// database probes a trailing `cli <command>`.
const datamodels = [];
let datasource = {};
let cliCommand;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === "cli") cliCommand = process.argv[++i];
  else if (arg === "--datamodels") datamodels.push(process.argv[++i]);
  else if (arg === "--datasource") datasource = JSON.parse(process.argv[++i]);
  else if (arg.startsWith("--")) i++;
}

// adapter-pg refuses built-in types it has no mapping for, and the engine selects some while describing a
// schema ("char" for pg_class.relkind, void from pg_advisory_lock). Values arrive in text form anyway, so
// such columns are reported as `text`. These are the built-in oids adapter-pg decodes itself.
const T = pg.types.builtins;
const DECODED = new Set([
  ...[
    "INT2",
    "INT4",
    "INT8",
    "FLOAT4",
    "FLOAT8",
    "BOOL",
    "DATE",
    "TIME",
    "TIMETZ",
    "TIMESTAMP",
    "TIMESTAMPTZ",
    "NUMERIC",
    "MONEY",
    "JSON",
    "JSONB",
    "UUID",
    "OID",
    "BPCHAR",
    "TEXT",
    "VARCHAR",
    "BIT",
    "VARBIT",
    "INET",
    "CIDR",
    "XML",
    "BYTEA",
  ].map((name) => T[name]),
  19, // name
  143,
  199,
  651,
  791,
  1000,
  1001,
  1002,
  1005,
  1007,
  1009,
  1014,
  1015,
  1016,
  1021,
  1022,
  1028,
  1041,
  1115,
  1182,
  1183,
  1185,
  1231,
  1561,
  1563,
  2951,
  3807, // arrays
]);
// Columns of PostgreSQL's one-byte "char" type (oid 18) by query text. The engine reads some of them as
// characters (pg_constraint.contype, which PostgreSQL 18 also fills with 'n' for NOT NULL), so they are given
// back the Character column type after adapter-pg has read them as text.
const CHAR_OID = 18;
const charColumns = new Map();
class CatalogTolerantClient extends pg.Client {
  // pg 8's handler for RowDescription messages, the one place every result's column types pass through.
  // Oids from 16384 on are user types (enums, extensions), which adapter-pg already reads as text.
  _handleRowDescription(msg) {
    const chars = msg.fields.filter((field) => field.dataTypeID === CHAR_OID).map((field) => field.name);
    if (chars.length > 0 && this.activeQuery?.text) charColumns.set(this.activeQuery.text, new Set(chars));
    for (const field of msg.fields) {
      if (field.dataTypeID < 16384 && !DECODED.has(field.dataTypeID)) field.dataTypeID = T.TEXT;
    }
    super._handleRowDescription(msg);
  }
}

function restoreCharColumns(queryable) {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    const chars = charColumns.get(query.sql);
    if (chars) result.columnTypes = result.columnTypes.map((type, i) => (chars.has(result.columnNames[i]) ? ColumnTypeEnum.Character : type));
    return result;
  };
  return queryable;
}

function pgConfig(url, database) {
  const { schema, connect_timeout, options, ...fields } = parseUrl(url);
  // Like the native engine: give up on an unreachable server after connect_timeout (default 5 s) instead of
  // hanging, and run unqualified migration SQL in the URL's `schema` by making it the search_path.
  const connectionTimeoutMillis = 1000 * Number(connect_timeout ?? 5);
  const searchPath = schema && `-c search_path="${schema}"`;
  const config = { ...fields, connectionTimeoutMillis, options: [options, searchPath].filter(Boolean).join(" ") };
  if (database) config.database = database;
  return { config, schema };
}

async function runSql(url, sql, database) {
  const client = new pg.Client(pgConfig(url, database).config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

class OfflinePg extends PrismaPg {
  constructor(url, database) {
    const { config, schema } = pgConfig(url, database);
    super({ ...config, Client: CatalogTolerantClient }, { schema });
    this.url = url;
  }

  async connect() {
    const adapter = restoreCharColumns(await super.connect());
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args) => restoreCharColumns(await startTransaction(...args));
    // adapter-pg splits scripts on every ";", which breaks migrations with function bodies or literals
    // holding one; the native engine sends the whole script as one simple query, so do the same.
    adapter.executeScript = (script) =>
      adapter
        .underlyingDriver()
        .query(script)
        .then(
          () => {},
          (error) => adapter.onError(error),
        );
    return adapter;
  }

  // adapter-pg's own version drops the shadow database while its pool is still open ("is being accessed by
  // other users"); this one drops it once the pool is closed, forcibly in case the server lags behind.
  async connectToShadowDb() {
    const { shadowDatabaseUrl } = datasource;
    if (shadowDatabaseUrl) {
      // A configured shadow database is emptied first, as the native engine does (the WASM one does not).
      const schema = parseUrl(shadowDatabaseUrl).schema ?? "public";
      await runSql(shadowDatabaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE; CREATE SCHEMA "${schema}"`);
      return new OfflinePg(shadowDatabaseUrl).connect();
    }
    const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`;
    await runSql(this.url, `CREATE DATABASE "${name}"`).catch((error) => {
      throw new Error(`Could not create a shadow database (grant CREATEDB or set shadowDatabaseUrl): ${error.message}`);
    });
    const adapter = await new OfflinePg(this.url, name).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await runSql(this.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
    return adapter;
  }
}

// The native engine's wording and P-codes for the failures the CLI tells apart.
function describeFailure(error) {
  const { host, port, database } = parseUrl(datasource.url);
  const at = `\`${host ?? "localhost"}:${port || 5432}\``;
  if (error.code === "3D000") return [`Database \`${database}\` does not exist on the database server at ${at}.`, "P1003"];
  if (/^E[A-Z]+$/.test(error.code ?? "") || /timeout/i.test(error.message)) {
    return [`Can't reach database server at ${at}\n\nPlease make sure your database server is running at ${at}.`, "P1001"];
  }
  return [error.message, undefined];
}

const logLine = (level, message, error_code) =>
  `${JSON.stringify({
    timestamp: new Date().toISOString(),
    level,
    target: "schema_engine::logger",
    fields: { message, error_code },
  })}\n`;

// `cli <command>` probes: answer and exit; a failure is an ERROR log line on stderr, which the CLI parses
// after skipping the first line.
async function runCli(command) {
  process.stderr.write(logLine("INFO", `offline schema engine: cli ${command}`));
  const { database } = parseUrl(datasource.url);
  const sql = { "can-connect-to-database": "SELECT 1", "create-database": `CREATE DATABASE "${database}"`, "drop-database": `DROP DATABASE "${database}"` }[
    command
  ];
  try {
    if (!sql) throw new Error(`Unsupported command: cli ${command}`);
    await runSql(datasource.url, sql, command === "can-connect-to-database" ? undefined : "postgres");
    process.exit(0);
  } catch (error) {
    const [message, code] = describeFailure(error);
    process.stderr.write(logLine("ERROR", message, code ?? "P1000"));
    process.exit(1);
  }
}

let adapterFactory;
async function startEngine() {
  if (!datasource.url) throw new Error("The offline schema engine needs a database: set datasource.url in prisma.config.ts.");
  adapterFactory = bindMigrationAwareSqlAdapterFactory(new OfflinePg(datasource.url));
  // The package's entry imports the .wasm file as an ES module, which Node does not support yet,
  // so instantiate it by hand through its wasm-bindgen glue.
  const glueUrl = import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const glue = await import(glueUrl);
  const module = new WebAssembly.Module(readFileSync(new URL("schema_engine_bg.wasm", glueUrl)));
  const { exports } = new WebAssembly.Instance(module, { "./schema_engine_bg.js": glue });
  glue.__wbg_set_wasm(exports);
  exports.__wbindgen_start?.();
  const files = datamodels.map((path) => [path, readFileSync(path, "utf8")]);
  const log = (line) => process.stderr.write(`${line}\n`); // already JSON log lines like the native engine's
  return glue.SchemaEngine.new({ datamodels: files.length ? files : undefined }, log, adapterFactory);
}

// ---- JSON-RPC 2.0 over stdin/stdout, one object per line.
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

// A Rust panic leaves the WASM instance unusable. The glue hands its text to this registry; the trap then
// surfaces as the call's rejection or, inside the engine's async work, as an uncaught exception. Either way
// the pending request gets it as its error and later ones are refused. Dying instead is worse: the CLI
// then waits for an exit it has already missed and quits silently with status 0.
let panic;
globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (message) => (panic = new Error(message)) };
const die = (error) => {
  process.stderr.write(logLine("ERROR", error?.stack ?? String(error)));
  process.exit(1);
};
let failRequest = die;
process.on("uncaughtException", (error) => failRequest(panic ?? error));

async function call(engine, method, params) {
  try {
    return await engine[method](params);
  } catch (error) {
    // createMigration / evaluateDataLoss fail this way until devDiagnostic has filled the engine's cache.
    if (!params?.migrationsList || !/shadow DB must be provided through an external factory/.test(error?.message)) {
      throw error;
    }
    await engine.devDiagnostic({ migrationsList: params.migrationsList, filters: params.filters });
    return engine[method](params);
  }
}

async function respond(engineReady, id, method, params) {
  if (panic) throw panic;
  const engine = await engineReady;
  const name = method === "getDatabaseVersion" ? "version" : method; // the WASM engine's name for it
  if (typeof engine[name] !== "function") throw new Error(`The WASM schema engine has no method ${method}`);
  const result = await call(engine, name, params);
  if (method !== "diff") return result ?? null;
  // The native engine hands the diff to the CLI as a `print` request instead of returning it.
  if (result.stdout != null) send({ id: `print-${id}`, method: "print", params: { content: result.stdout } });
  return { exitCode: result.exitCode };
}

function errorReply(error) {
  // Driver errors adapter-pg does not translate (a connect timeout, say) reach the engine only as
  // "External error id#N", an index into the adapter factory's error registry.
  const externalId = /External error id#(\d+)/.exec(error?.message)?.[1];
  const cause = externalId && adapterFactory?.errorRegistry.consumeError(Number(externalId))?.error;
  if (cause) return describeFailure(cause);
  // Known engine errors (SchemaConnectorError) carry their P-code in `code`; the CLI prints it above the message.
  return [(panic ?? error)?.message ?? String(error), /^P\d{4}$/.test(error?.code) ? error.code : undefined];
}

async function handle(engineReady, { id, method, params }) {
  try {
    const result = await new Promise((resolve, reject) => {
      failRequest = reject;
      respond(engineReady, id, method, params).then(resolve, reject);
    });
    send({ id, result });
  } catch (error) {
    const [message, error_code] = errorReply(error);
    send({ id, error: { code: 4466, message, data: { is_panic: false, message, error_code } } });
  } finally {
    failRequest = die;
  }
}

if (cliCommand) {
  await runCli(cliCommand);
} else {
  const engineReady = startEngine();
  engineReady.catch(() => {}); // reported to each request instead
  let queue = Promise.resolve(); // one call at a time, as the native engine does
  createInterface({ input: process.stdin, crlfDelay: Infinity })
    .on("line", (line) => {
      const message = JSON.parse(line);
      if (message.method) queue = queue.then(() => handle(engineReady, message)); // else: the CLI's answer to a print
    })
    .on("close", () => queue.then(() => process.exit(0)));
}
