/**
 * `WithoutTrustLookups`: a Kysely plugin that drops, from every SELECT (subqueries too), the
 * selections aliased `owner_rating_count`, `owner_rating_sum` (the owner's rating, docs/product.md
 * §28) and `safety_signals` (the listing's stored scam signals, §29). The API served over a
 * database wrapped with it answers list cards and items without `rating` and with empty
 * `safetySignals`: the baseline of bench:api's "without signals" scenarios (b0) and (d0), which
 * measure what those lookups cost (ADR 0034). Bench only: the API itself has no such switch.
 *
 * Usage: `handle.db.withPlugin(new WithoutTrustLookups())`. Results pass through unchanged.
 */
import {
  AliasNode,
  IdentifierNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SelectionNode,
  type SelectQueryNode,
  type UnknownRow,
} from 'kysely';

/** The aliases of the trust lookups' selections in the listing repository (`api/src/catalog/repository.ts`). */
export const TRUST_LOOKUP_ALIASES: ReadonlySet<string> = new Set([
  'owner_rating_count',
  'owner_rating_sum',
  'safety_signals',
]);

/** True when `selection` is `<expression> AS <one of TRUST_LOOKUP_ALIASES>`. */
function isTrustLookup(selection: SelectionNode): boolean {
  const node = selection.selection;
  return AliasNode.is(node) && IdentifierNode.is(node.alias) && TRUST_LOOKUP_ALIASES.has(node.alias.name);
}

/** Rewrites every SelectQueryNode (nested ones are transformed first) without the trust lookups. */
class DropTrustLookups extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const transformed = super.transformSelectQuery(node, queryId);
    if (!transformed.selections?.some(isTrustLookup)) return transformed;
    return { ...transformed, selections: transformed.selections.filter((s) => !isTrustLookup(s)) };
  }
}

/** See the module comment. */
export class WithoutTrustLookups implements KyselyPlugin {
  readonly #transformer = new DropTrustLookups();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
