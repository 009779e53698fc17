import type { Kind } from '../../scheme/kind.js';

/**
 * One spoke version's conversions to and from the hub version of its kind. The result's
 * apiVersion and kind are set by the webhook, and its metadata copied from the input when the
 * function leaves it out.
 */
export interface SpokeConversion<Hub, Spoke> {
  hub: Kind<Hub>;
  spoke: Kind<Spoke>;
  convertTo(spoke: Spoke): Hub | Promise<Hub>;
  convertFrom(hub: Hub): Spoke | Promise<Spoke>;
}

/** Declares the hub version of a kind, without a spoke (the hub's own webhook file). */
export interface HubDeclaration<Hub> {
  hub: Kind<Hub>;
}

export type Conversion<Hub = unknown, Spoke = unknown> = SpokeConversion<Hub, Spoke> | HubDeclaration<Hub>;
