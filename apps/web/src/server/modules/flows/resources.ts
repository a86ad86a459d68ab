import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { hideAuthKey } from "./api-settings.ts";
import { flowRules } from "./flow-rules.ts";
import { inputRules } from "./input-rules.ts";
import { dayEnd, dayStart, fullName } from "../../resource/display.ts";

type Row = Record<string, unknown>;
type Db = Parameters<NonNullable<ResourceServer["decorate"]>>[0];

/** col1 … col10 of a response (002 §3). */
const COLUMNS = RESOURCES.admFetchResponses.fields.map((f) => f.name).filter((name) => /^col\d+$/.test(name));

/** A flow's complete and partial counts (001 §3): its responses with and without a completion date, in one query. */
async function responseCounts(db: Db, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => r.ID as number);
  const groups = ids.length
    ? await db.flowResponse.groupBy({ by: ["fetchId"], where: { fetchId: { in: ids } }, _count: { _all: true, dateCompleted: true } })
    : [];
  const byFlow = new Map(groups.map((g) => [g.fetchId, g._count]));
  for (const row of rows) {
    const counted = byFlow.get(row.ID as number);
    row.complete = counted?.dateCompleted ?? 0;
    row.partial = counted ? counted._all - counted.dateCompleted : 0;
  }
}

/** col1 … col10: each response's answers to its flow's first ten inputs in their current order. */
async function answerColumns(db: Db, rows: Row[]): Promise<void> {
  for (const row of rows) for (const column of COLUMNS) row[column] = null;
  if (rows.length === 0) return;
  const flowIds = [...new Set(rows.map((r) => r.fetchId as number))];
  const [inputs, answers] = await Promise.all([
    db.flowInput.findMany({ where: { fectchId: { in: flowIds } }, orderBy: [{ order: "asc" }, { id: "asc" }], select: { id: true, fectchId: true } }),
    db.flowAnswer.findMany({ where: { responseId: { in: rows.map((r) => r.ID as number) } }, select: { responseId: true, inputId: true, value: true } }),
  ]);
  const columnOf = new Map<number, string>();
  const placed = new Map<number, number>();
  for (const input of inputs) {
    const index = placed.get(input.fectchId) ?? 0;
    placed.set(input.fectchId, index + 1);
    if (index < COLUMNS.length) columnOf.set(input.id, COLUMNS[index]!);
  }
  const byId = new Map(rows.map((r) => [r.ID, r]));
  for (const answer of answers) {
    const column = columnOf.get(answer.inputId);
    if (column) byId.get(answer.responseId)![column] = answer.value;
  }
}

/** Flows, their inputs and their responses on the generic engine (admFlow, admFlowInput, admFlowResponses). */
export const FLOWS_RESOURCES: ResourceServer[] = [
  { def: RESOURCES.admFetch, model: "flow", display: hideAuthKey, decorate: responseCounts, rules: flowRules },
  {
    def: RESOURCES.admFetchInput,
    model: "flowInput",
    include: { flow: { select: { name: true } } },
    display: (r) => ({ fetchName: (r.flow as { name: string }).name, ...hideAuthKey() }),
    // GET admFetchInput/get/?fetchId= (002 §7): the inputs of one flow.
    filterWhere: { fetchId: (value) => ({ fectchId: Number(value) }) },
    rules: inputRules,
  },
  {
    def: RESOURCES.admFetchResponses,
    model: "flowResponse",
    include: { user: { select: { name: true, last: true, last2: true } }, flow: { select: { name: true } } },
    display: (r, caller) => ({
      user: fullName(r.user as Parameters<typeof fullName>[0], caller.givenNamesFirst),
      fetchName: (r.flow as { name: string }).name,
    }),
    decorate: answerColumns,
    filterWhere: {
      from: (value) => ({ dateCompleted: { gte: dayStart(value) } }),
      to: (value) => ({ dateCompleted: { lt: dayEnd(value) } }),
      type: (value) => ({ flow: { type: String(value) } }),
      inputId: (value) => ({ answers: { some: { inputId: Number(value) } } }),
    },
    personSearch: { through: "user", covers: ["user"] },
    searchWhere: {
      fetchName: (contains) => ({ flow: { name: contains } }),
      answers: (contains) => ({ answers: { some: { value: contains } } }),
    },
  },
];
