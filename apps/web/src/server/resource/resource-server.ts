import type { z } from "zod";
import { RECORD_ID_MAX, type ResourceDef } from "@pizarra/contracts";
import { Prisma, type TenantDb, type TenantTx } from "@pizarra/db";
import { notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply, SessionUser } from "../http/context.ts";
import type { Identifiers } from "./identifiers.ts";

export type Row = Record<string, unknown>;
export type Db = TenantDb | TenantTx;

/** The part of a Prisma model's delegate the engine calls. */
export interface Delegate {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  create(args: object): Promise<Row>;
  updateMany(args: object): Promise<{ count: number }>;
  deleteMany(args: object): Promise<{ count: number }>;
}

/** Business rules of one resource, in a file of its own beside its definition (never `if (resource === …)` in the engine). */
export interface ResourceRules {
  /** Checks and fills a record before it is written; throw AppError to refuse. */
  beforeSave?(tx: TenantTx, data: Row, ctx: AuthedContext, id: number | string | null): Promise<void>;
  /** Writes what the record's virtual fields stand for (a membership, a sign-in …), in the same transaction. */
  afterSave?(tx: TenantTx, id: number | string, virtual: Row, ctx: AuthedContext): Promise<void>;
  /** Checks a record (as stored) before it is deleted; throw AppError to refuse. */
  beforeDelete?(tx: TenantTx, record: Row, ctx: AuthedContext): Promise<void>;
  /** Keeps what depended on a deleted record right (a parent's total …), in the same transaction. */
  afterDelete?(tx: TenantTx, record: Row, ctx: AuthedContext): Promise<void>;
  /**
   * Stored files that go with a deleted record besides its own and those of the rows deleted with it (a person's
   * report artefacts and unused editor images): found, their rows removed, in the delete's transaction before the
   * record goes; the files themselves go once the delete is committed. `served` is every resource the engine serves
   * (whose rich text may show the record's images), as the composition root lists them.
   */
  filesGoingWith?(tx: TenantTx, record: Row, ctx: AuthedContext, served: readonly ResourceServer[]): Promise<readonly string[]>;
  /**
   * Whether the caller may write this row at all (a person of a higher role …): called with the row as stored before
   * every edit, upload and delete, and again after every create and edit, in the write's transaction.
   */
  guard?(tx: TenantTx, id: number | string, ctx: AuthedContext): Promise<void>;
}

/** Rows of a model that keep stored files in `uploads` and point at another record through `field`. */
export interface FileHolder {
  model: string;
  field: string;
  uploads: readonly string[];
}

/** Another resource over the same model that answers for some of its rows (a student row is admStudent's). */
export interface RowOwner {
  module: string;
  where: Row;
}

export interface ResourceServer {
  def: ResourceDef;
  /** The Prisma client property of the model, e.g. "superSection". */
  model: string;
  /** Relations to load for display fields. */
  include?: Record<string, unknown>;
  /**
   * A wide model whose rows answer only the resource's fields (a person: 60 columns, of which a student's row shows
   * 23): its lists, prints, exports and records read those columns (and `include`), not the whole row, so that a page
   * maps no column it never shows (`pnpm bench` measures the student page). `display` must then read no other column.
   */
  fieldsOnly?: boolean;
  /** Display-only fields of a row (parentName, count …); people's names in the order of the caller's school. */
  display?(record: Row, user: SessionUser): Row;
  /** Display fields that need one more query for a whole page of rows (names of people kept as plain ids), in the caller's language. */
  decorate?(db: Db, rows: Row[], ctx: AuthedContext): Promise<void>;
  /** Filters that are not a plain column of the model, by query name. */
  filterWhere?: Record<string, (value: unknown, user: SessionUser) => Row>;
  /** `filterBy=<name>&filter=<text>` pairs that are not a text search (admStaff's filterBy=academic&filter=<period>). */
  filterByWhere?: Record<string, (text: string) => Row>;
  /** Searched fields that are not columns of the model (a student's name on their pickup row): the text condition (and the word it looks for) → the model's. */
  searchWhere?: Record<string, (contains: Row, word: string) => Row>;
  /**
   * People searched the way staff type them: each word, in any order, case and accents aside, in the search
   * text the database keeps for a person (names, code, documents, e-mail), of the row itself or of the person it is
   * about (`through` a relation, e.g. "student"); it stands for the searched fields it `covers`, and the best match
   * comes first.
   */
  personSearch?: { through?: string; covers: readonly string[] };
  /**
   * A label searched as it is shown, across its searched fields: each word typed, in any order, starts a word of one of
   * them (a section's "3.º de primaria A 2026" is its grade's, its own and its period's names).
   */
  labelSearch?: boolean;
  /** The order of the rows before the definition's own (a section's period, the current one first). */
  orderFirst?: readonly Row[];
  /** Rows of the model that belong to this resource (students are users of type 2) and what a new one gets. */
  scope?: { where: Row; data?: Row };
  /** The rows this resource answers for when others reach them too (its scope unless said: staff also own any row that signs in). */
  owns?: Row;
  /** The other resources that answer for rows of this model: a write needs their write right too (filled by `withOwners`). */
  owners?: readonly RowOwner[];
  /** Rows of any resource that point at a record of this model and keep stored files (filled by `withOwners`). */
  dependents?: readonly FileHolder[];
  /** Fields no two rows of the model in a school may share (a person's code, e-mail), by the column claiming the value. */
  identifiers?: Identifiers;
  /** Form fields that are not columns of the model; they reach rules.afterSave. */
  virtual?: readonly string[];
  /**
   * What a create or an edit answers beyond the record's key, read in its transaction once the rules ran (a
   * notification scheduled on save says for when and for how many); null: the usual answer. With `dryRun` (the call's
   * `?dryRun=true`) the save is a trial: it runs whole, this says what it would do, and nothing is kept. A resource
   * without it offers no trial.
   */
  answer?(tx: TenantTx, id: number | string, ctx: AuthedContext, dryRun: boolean): Promise<Reply<Row> | null>;
  /** The fields of `answer`'s data, beside the record's key: what the save's answer schema lets through. */
  savedAnswer?: z.ZodObject;
  /** What `display` and `decorate` add to a row beyond the definition's fields and columns, with their schemas. */
  shows?: z.ZodRawShape;
  rules?: ResourceRules;
}

/** A model's columns, from Prisma's own list of its scalar fields (`user` → Prisma.UserScalarFieldEnum). */
export function columnsOf(model: string): Set<string> {
  const scalars = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${model[0]!.toUpperCase()}${model.slice(1)}ScalarFieldEnum`];
  if (!scalars) throw new Error(`Prisma lists no columns of the model ${model}`);
  return new Set(Object.values(scalars));
}

export const delegateOf = (db: Db, model: string) => (db as unknown as Record<string, Delegate>)[model]!;

/** A record's key from its path or query, as the resource types it. */
export function parseKey(def: ResourceDef, raw: string): number | string {
  if (def.keyType === "string") return raw;
  // A key past PostgreSQL's integer is no record (and no database error).
  if (!/^\d{1,12}$/.test(raw) || Number(raw) > RECORD_ID_MAX) throw notFound();
  return Number(raw);
}
