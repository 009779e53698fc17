/** Small helpers for writing scenario tables. */
import type { Scenario, Session } from '../scenario.js';

export function scenario(name: string, run: (s: Session) => Promise<void>): Scenario {
  return { name, run };
}

/** The body of a response as an object (for reading fields out of it in a later step). */
export function obj(res: { body: unknown }): Record<string, any> {
  return res.body as Record<string, any>;
}

export const MERGE = { contentType: 'application/merge-patch+json' };
export const JSONPATCH = { contentType: 'application/json-patch+json' };
export const STRATEGIC = { contentType: 'application/strategic-merge-patch+json' };
export const APPLY = { contentType: 'application/apply-patch+yaml' };
