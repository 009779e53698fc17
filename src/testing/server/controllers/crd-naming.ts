/**
 * The naming controller of kube-apiserver's apiextensions server: which of the names a CRD asks for
 * it may take (a name another CRD of its group has accepted is refused, each kind of name on its
 * own), the NamesAccepted condition that says so, and the Established condition that follows: false
 * while names are refused, true once they are all accepted (the establishing controller's step).
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { goQuote } from '../../../kube/go-format.js';
import { conditionsOf, setCRDCondition, type CRDCondition } from './crd-strategy.js';

interface Names {
  plural?: string;
  singular?: string;
  shortNames?: string[];
  kind?: string;
  listKind?: string;
  categories?: string[];
}

function specNames(crd: KubeObject): Names {
  const names = (crd.spec as { names?: Names } | undefined)?.names;
  return names ?? {};
}

export function acceptedNames(crd: KubeObject): Names {
  const status = crd.status as { acceptedNames?: Names } | undefined;
  return isPlainObject(status?.acceptedNames) ? status.acceptedNames : {};
}

/** A name may be taken when it is the one already accepted, or no CRD of the group has accepted it. */
function conflict(requested: string | undefined, accepted: string | undefined, used: Set<string>): string | undefined {
  const name = requested ?? '';
  if (name === (accepted ?? '') || !used.has(name)) return undefined;
  return `${goQuote(name)} is already in use`;
}

/**
 * The status the naming controller gives `crd`, among `group` (every CRD of its group, itself
 * included, as their accepted names are now): accepted names and conditions.
 */
export function namedStatus(crd: KubeObject, group: KubeObject[]): Record<string, unknown> {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const other of group) {
    const names = acceptedNames(other);
    for (const n of [names.plural, names.singular, ...(names.shortNames ?? [])]) resources.add(n ?? '');
    kinds.add(names.kind ?? '');
    kinds.add(names.listKind ?? '');
  }
  const requested = specNames(crd);
  const accepted = acceptedNames(crd);
  const next: Names = { ...accepted };
  let refused: { reason: string; message: string } | undefined;
  const check = (field: 'plural' | 'singular' | 'kind' | 'listKind', used: Set<string>, reason: string) => {
    const message = conflict(requested[field], accepted[field], used);
    if (message) refused = { reason, message };
    else if (requested[field] === undefined) delete next[field];
    else next[field] = requested[field];
  };
  check('plural', resources, 'PluralConflict');
  check('singular', resources, 'SingularConflict');
  const askedShort = requested.shortNames ?? [];
  if (JSON.stringify(askedShort) !== JSON.stringify(accepted.shortNames ?? [])) {
    const own = new Set(accepted.shortNames ?? []);
    const messages = askedShort.filter((s) => !own.has(s)).map((s) => conflict(s, '', resources)).filter((m) => m !== undefined);
    // Go's aggregate of the refusals: one alone, or all of them bracketed.
    if (messages.length > 0) refused = { reason: 'ShortNamesConflict', message: messages.length === 1 ? messages[0] : `[${messages.join(', ')}]` };
    else if (requested.shortNames === undefined) delete next.shortNames;
    else next.shortNames = requested.shortNames;
  }
  check('kind', kinds, 'KindConflict');
  check('listKind', kinds, 'ListKindConflict');
  if (requested.categories === undefined) delete next.categories;
  else next.categories = requested.categories;

  const namesAccepted: CRDCondition = refused
    ? { type: 'NamesAccepted', status: 'False', ...refused }
    : { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };
  const current = conditionsOf(crd);
  const wasEstablished = current.find((c) => c.type === 'Established');
  let established: CRDCondition = wasEstablished ?? { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
  if (established.status !== 'True' && !refused) established = { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' };
  const conditions = setCRDCondition(setCRDCondition(current, namesAccepted), established);
  return { ...(isPlainObject(crd.status) ? crd.status : {}), acceptedNames: next, conditions };
}
