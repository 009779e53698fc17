/**
 * The differences that remain between the in-process server and kube-apiserver, each with why.
 * An entry names an area and the scenarios it covers (a name, or a pattern for a family of one
 * cause). A listed scenario must still differ on the in-process server: when it matches, the
 * entry has to go.
 */
export interface Remaining {
  area: string;
  scenarios: string | RegExp;
  why: string;
}

export const REMAINING: Remaining[] = [];

export function remainingEntry(area: string, scenario: string): Remaining | undefined {
  return REMAINING.find((r) => r.area === area && (typeof r.scenarios === 'string' ? r.scenarios === scenario : r.scenarios.test(scenario)));
}
