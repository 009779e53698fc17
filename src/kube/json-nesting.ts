/**
 * How deep a decoded request body may nest. Go's encoding/json (and sigs.k8s.io/json, which
 * kube-apiserver and controller-runtime decode with) stops at 10,000 nested arrays and objects
 * with `invalid character '[' exceeded max depth`, and kube-apiserver answers 400 BadRequest;
 * goroutine stacks grow, so Go walks 10,000 levels. Node's stack does not: JSON.stringify and the
 * recursive walks of the test API server (copies, schema validation, managed fields) and of webhook
 * handlers exhaust it at a few thousand levels (JSON.stringify at about 5,000) and answer 500
 * `Maximum call stack size exceeded`. So the servers here refuse bodies deeper than 1,000 levels,
 * with Go's message: a margin below where the stack runs out, and far deeper than any API object.
 */

export const MAX_JSON_NESTING_DEPTH = 1000;

/**
 * Go's decoder error for `value` (a parsed body) when its arrays and objects nest deeper than
 * `limit`, naming the bracket of the first too-deep one in document order; undefined otherwise.
 * Walks with its own stack, so any depth is safe to check.
 */
export function nestingDepthError(value: unknown, limit = MAX_JSON_NESTING_DEPTH): string | undefined {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return `invalid character '${Array.isArray(node) ? '[' : '{'}' exceeded max depth`;
    const children = Array.isArray(node) ? node : Object.values(node);
    // Last pushed is walked first: push in reverse for document order.
    for (let i = children.length - 1; i >= 0; i--) {
      const child: unknown = children[i];
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return undefined;
}
