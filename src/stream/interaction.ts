/**
 * `interaction_query` request/response: something the agent asks its client (an approval, an answer, a
 * plan to accept) and the client's answer (docs/stream-format.md "Interaction queries"). `query_type`
 * names the kind, and `query` holds one key of that name (beside an `id`) with its `args`. In plan mode
 * the plan itself travels here and nowhere else: `query.createPlanRequestQuery.args.plan`.
 */
import { lenientNum, lenientStr } from "./by-hand.js";
import { isPlainObject } from "./json.js";

export interface InteractionEvent {
  kind: "interaction";
  phase: "request" | "response";
  /** The query's kind as the wire names it (`createPlanRequestQuery`, …); never shown raw. */
  queryType?: string;
  /** The plan a `createPlanRequestQuery` carries, whole: the model keeps it bounded. */
  plan?: string;
  timestampMs?: number;
}

/** The query that carries a plan in plan mode. */
const PLAN_QUERY = "createPlanRequestQuery";

/**
 * What each known kind asks for, as the log says it. The names are those the CLI's protocol gives its
 * interaction queries; a kind not here is shown as unknown, never by its raw name or payload.
 */
const QUERY_NAMES: Readonly<Record<string, string>> = {
  shellRequestQuery: "approval of a command",
  createPlanRequestQuery: "approval of a plan",
  askQuestionInteractionQuery: "an answer to a question",
  switchModeRequestQuery: "approval of a mode switch",
  webSearchRequestQuery: "approval of a web search",
  exaSearchRequestQuery: "approval of a web search",
  webFetchRequestQuery: "approval of a web fetch",
  exaFetchRequestQuery: "approval of a web fetch",
  mcpAuthRequestQuery: "an MCP server's sign-in",
  prManagementRequestQuery: "approval of a pull request action",
  generateImageRequestQuery: "approval of an image generation",
  connectScmRequestQuery: "a source control connection",
  setupVmEnvironmentArgs: "a VM environment's setup",
  replaceEnvArgs: "approval of an environment change",
};

/** What a query of this kind asks for, in words (docs/stream-format.md "Interaction queries"). */
export function queryName(queryType: string | undefined): string {
  const known = queryType !== undefined && Object.hasOwn(QUERY_NAMES, queryType);
  return known ? QUERY_NAMES[queryType]! : "something of a kind this action does not know";
}

export function interactionEvent(
  phase: "request" | "response",
  raw: Record<string, unknown>,
): InteractionEvent {
  const query = isPlainObject(raw.query) ? raw.query : undefined;
  const queryType = nonEmpty(lenientStr(raw.query_type)) ?? (query && queryKey(query));
  const e: InteractionEvent = {
    kind: "interaction",
    phase,
    queryType,
    timestampMs: lenientNum(raw.timestamp_ms),
  };
  if (queryType === PLAN_QUERY && query) {
    const plan = planOf(query);
    if (plan !== undefined) e.plan = plan;
  }
  return e;
}

/** The plan text: `query.createPlanRequestQuery.args.plan`, or `args.plan` straight under `query`. */
function planOf(query: Record<string, unknown>): string | undefined {
  const body = isPlainObject(query[PLAN_QUERY]) ? query[PLAN_QUERY] : query;
  const args = isPlainObject(body.args) ? body.args : undefined;
  return nonEmpty(lenientStr(args?.plan));
}

/** Without `query_type`, the kind is the key of `query` whose value is an object (beside its `id`). */
function queryKey(query: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(query)) if (key !== "id" && isPlainObject(query[key])) return key;
  return undefined;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === "" ? undefined : s;
}
