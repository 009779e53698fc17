/** The `labelSelector` query parameter of list, watch and deletecollection requests. */
import { LabelSelectorError, parseLabelSelector, type LabelRequirements } from '../../kube/label-selector.js';
import { StatusError } from '../model/status.js';
import { badRequestStatus } from '../../kube/status.js';

/** Parses the parameter; a selector that does not parse is kube-apiserver's 400 BadRequest. */
export function labelSelectorParam(value: string | null): LabelRequirements {
  try {
    return parseLabelSelector(value ?? undefined);
  } catch (err) {
    if (err instanceof LabelSelectorError) throw new StatusError(badRequestStatus(err.message));
    throw err;
  }
}
