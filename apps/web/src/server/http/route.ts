import type { z } from "zod";
import type { ModuleAccess } from "../auth/permissions.ts";
import type { AuthedContext, BaseContext, JsonText, Reply } from "./context.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** The part of a request a field is read from. */
export type Part = "query" | "body" | "params";

type Schema = z.ZodType;
type Params = z.ZodType<Record<string, unknown>>;
type Parsed<Q extends Schema, B extends Schema, P extends Params> = { query: z.infer<Q>; body: z.infer<B>; params: z.infer<P> };

/**
 * What a route answers: the contract schema its data is written through (an object schema keeps only the fields it
 * names, so a field a handler reads for its own use never reaches the screen), or "response" for a route that answers
 * with an HTTP response of its own (a file, a redirect).
 */
export type Answer = z.ZodType | "response";
/** What a handler returns for its route's answer: the schema's input (or JSON it wrote itself), or its own response. */
export type AnswerReply<A extends Answer> = A extends z.ZodType ? Reply<z.input<A> | JsonText<z.output<A>>> : Reply<null> & { response: Response };

interface RouteBase<Q extends Schema, B extends Schema, P extends Params, A extends Answer> {
  method: Method;
  /** Spec path without the /api prefix; `{name}` segments are parameters, e.g. `admStaff/tenants/{id}/menu`. */
  path: string;
  query?: Q;
  body?: B;
  params?: P;
  /**
   * What the parsed query fills into a body (a JSON object) before `body` reads it: a sub-grid's new row takes its
   * parent from ?parentId=, and its definition's defaults.
   */
  fillBody?: (body: Record<string, unknown>, query: z.infer<Q>) => Record<string, unknown>;
  /** Largest accepted body in bytes (1 MB unless said; uploads carry base64 files). */
  maxBytes?: number;
  /**
   * Also takes an HTML form's body (`application/x-www-form-urlencoded`), read as its fields: what a mail provider
   * posts to a one-click unsubscribe link (RFC 8058). Every other route takes JSON only.
   */
  form?: true;
  /**
   * The message key of a field's label in refusals, told which part of the request the field is in (`fields.<name>`
   * unless said; a resource's list names its filters, its form its fields).
   */
  labelKey?: (field: string, part: Part) => string;
  /** The answer's schema, from the domain's contracts (what its screen reads), or "response". */
  answer: A;
}

export interface PublicRoute<Q extends Schema = Schema, B extends Schema = Schema, P extends Params = Params, A extends Answer = Answer>
  extends RouteBase<Q, B, P, A> {
  auth: "public";
  handler: (ctx: BaseContext & Parsed<Q, B, P>) => Promise<AnswerReply<A>>;
}

/**
 * A right a route needs besides its module (for a route no one module answers for, whose `module` is null), of the
 * verb's kind like the module's (read for GET, write otherwise): on the module the parsed query names (`byQuery`: the
 * final sheet of grades or of behaviour), or on at least one module (`anyModule`, refused under that name: the
 * rich-text images every module's editors share).
 */
export type Need<Q> = { byQuery: (query: Q) => string } | { anyModule: string };

export interface AuthedRoute<Q extends Schema = Schema, B extends Schema = Schema, P extends Params = Params, A extends Answer = Answer>
  extends RouteBase<Q, B, P, A> {
  auth: "user";
  /** The module whose read (GET) or write (other verbs) right the caller needs; null = no one module (see `need`). */
  module: string | null;
  /**
   * A second way in for a caller without the module's right, judged on the raw query before anything is parsed: a
   * pick list is also open to whoever may fill a field that offers it.
   */
  alsoAllowed?: (query: URLSearchParams, access: ReadonlyMap<string, ModuleAccess>) => boolean;
  need?: Need<z.infer<Q>>;
  handler: (ctx: AuthedContext & Parsed<Q, B, P>) => Promise<AnswerReply<A>>;
}

export type Route = PublicRoute | AuthedRoute;

/** Identity helpers that keep each route's handler typed by its own schemas. */
export function publicRoute<Q extends Schema, B extends Schema, P extends Params, A extends Answer>(r: PublicRoute<Q, B, P, A>): Route {
  return r as unknown as Route;
}
export function authedRoute<Q extends Schema, B extends Schema, P extends Params, A extends Answer>(r: AuthedRoute<Q, B, P, A>): Route {
  return r as unknown as Route;
}
