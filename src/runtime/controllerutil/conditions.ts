import { metaTime } from '../../kube/meta-time.js';
/**
 * A status condition (metav1.Condition) as it is in JSON: `lastTransitionTime` is an RFC 3339
 * string, as in `Wire<V1Condition>`, the type API packages hold conditions in.
 */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | (string & {});
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** A condition to set: `lastTransitionTime` may be left out (it becomes now when the status changes). */
export type ConditionUpdate<C extends Condition> = Omit<C, 'lastTransitionTime'> & { lastTransitionTime?: C['lastTransitionTime'] };

/** metav1.Time is serialised to the second: `2026-01-02T03:04:05Z`. */
function nowTime(): string {
  return metaTime();
}

/**
 * Adds the condition, or updates the one of the same type. `lastTransitionTime` changes only when
 * the status changes (to the given time, or now). Returns whether anything changed.
 */
export function setStatusCondition<C extends Condition>(conditions: C[], newCondition: ConditionUpdate<C>): boolean {
  const existing = conditions.find((c) => c.type === newCondition.type);
  if (!existing) {
    const added = { ...newCondition } as C;
    if (!added.lastTransitionTime) (added as Condition).lastTransitionTime = nowTime();
    conditions.push(added);
    return true;
  }
  let changed = false;
  if (existing.status !== newCondition.status) {
    existing.status = newCondition.status;
    (existing as Condition).lastTransitionTime = newCondition.lastTransitionTime || nowTime();
    changed = true;
  }
  if ((existing.reason ?? '') !== (newCondition.reason ?? '')) {
    existing.reason = newCondition.reason;
    changed = true;
  }
  if ((existing.message ?? '') !== (newCondition.message ?? '')) {
    existing.message = newCondition.message;
    changed = true;
  }
  if ((existing.observedGeneration ?? 0) !== (newCondition.observedGeneration ?? 0)) {
    existing.observedGeneration = newCondition.observedGeneration;
    changed = true;
  }
  return changed;
}

/** Removes the condition of this type; returns whether there was one. */
export function removeStatusCondition(conditions: Condition[], conditionType: string): boolean {
  const index = conditions.findIndex((c) => c.type === conditionType);
  if (index < 0) return false;
  conditions.splice(index, 1);
  return true;
}

export function findStatusCondition<C extends Condition>(conditions: readonly C[] | undefined, conditionType: string): C | undefined {
  return conditions?.find((c) => c.type === conditionType);
}

export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, conditionType: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, conditionType, 'True');
}

export function isStatusConditionFalse(conditions: readonly Condition[] | undefined, conditionType: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, conditionType, 'False');
}

export function isStatusConditionPresentAndEqual(
  conditions: readonly Condition[] | undefined,
  conditionType: string,
  status: Condition['status'],
): boolean {
  return findStatusCondition(conditions, conditionType)?.status === status;
}

/** The same functions grouped as controller-runtime's `meta` package: `meta.isStatusConditionTrue(...)`. */
export const meta = {
  setStatusCondition,
  removeStatusCondition,
  findStatusCondition,
  isStatusConditionTrue,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
} as const;
