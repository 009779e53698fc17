/** The `labelSelector` query parameter of list, watch and deletecollection requests. */
import { LabelSelectorError, parseLabelSelector, type LabelRequirements } from '../../kube/label-selector.js';
import { badRequest } from '../model/status.js';

/** Parses the parameter; a selector that does not parse is kube-apiserver's 400 BadRequest. */
export function labelSelectorParam(value: string | null): LabelRequirements {
  try {
    return parseLabelSelector(value ?? undefined);
  } catch (err) {
    if (err instanceof LabelSelectorError) throw badRequest(err.message);
    throw err;
  }
}
