/**
 * kube-apiserver's validation of request options (the query parameters it decodes into
 * CreateOptions, UpdateOptions, PatchOptions and ListOptions), with its 422 and 400 texts.
 */
import { forbidden, invalid, notSupported, type FieldCause } from '../../../kube/field-errors.js';
import { StatusError } from '../../model/status.js';
import { badRequestStatus, invalidStatus } from '../../../kube/status.js';

export type WriteOptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions';

/** A field manager is at most 128 bytes of printable characters (ValidateFieldManager). */
function fieldManagerCauses(manager: string | null): FieldCause[] {
  if (manager === null) return [];
  if (Buffer.byteLength(manager) > 128) return [{ reason: 'FieldValueTooLong', field: 'fieldManager', message: 'Too long: may not be more than 128 bytes' }];
  const chars = [...manager];
  const at = chars.findIndex((c) => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c) || (c !== ' ' && /\s/u.test(c)));
  if (at < 0) return [];
  const code = chars[at].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return [invalid('fieldManager', manager, `invalid character U+${code} (at position ${at})`)];
}

/** CreateOptions, UpdateOptions and PatchOptions: dryRun, fieldManager, fieldValidation, force. */
export function validateWriteOptions(kind: WriteOptionsKind, query: URLSearchParams, apply: boolean): void {
  const causes: FieldCause[] = [];
  const dryRun = query.getAll('dryRun');
  if (dryRun.some((d) => d !== 'All')) {
    causes.push({ reason: 'FieldValueNotSupported', field: 'dryRun', message: `Unsupported value: ${JSON.stringify(dryRun)}: supported values: "All"` });
  }
  causes.push(...fieldManagerCauses(query.get('fieldManager')));
  const validation = query.get('fieldValidation');
  if (validation !== null && !['', 'Ignore', 'Strict', 'Warn'].includes(validation)) {
    causes.push(notSupported('fieldValidation', validation, ['', 'Ignore', 'Strict', 'Warn']));
  }
  if (kind === 'PatchOptions' && !apply && query.has('force')) causes.push(forbidden('force', 'may not be specified for non-apply patch'));
  if (causes.length > 0) throw new StatusError(invalidStatus(kind, 'meta.k8s.io', '', causes));
}

/** Go's strconv.ParseInt error for a query integer that does not parse. */
function parseIntParam(query: URLSearchParams, name: string): void {
  const v = query.get(name);
  if (v !== null && v !== '' && !/^[+-]?\d+$/.test(v)) throw new StatusError(badRequestStatus(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`));
}

/** ListOptions of a list or a watch (ValidateListOptions): resourceVersionMatch, sendInitialEvents, limit, timeoutSeconds. */
export function validateListOptions(query: URLSearchParams, watch: boolean): void {
  parseIntParam(query, 'limit');
  parseIntParam(query, 'timeoutSeconds');
  const causes: FieldCause[] = [];
  const match = query.get('resourceVersionMatch') ?? '';
  const rv = query.get('resourceVersion') ?? '';
  const hasContinue = (query.get('continue') ?? '') !== '';
  const sendInitialEvents = query.has('sendInitialEvents');
  if (watch) {
    if (sendInitialEvents && match !== 'NotOlderThan') causes.push(forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
    if (match !== '') {
      if (!sendInitialEvents) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
      if (match !== 'NotOlderThan') causes.push(notSupported('resourceVersionMatch', match, ['NotOlderThan']));
      if (hasContinue) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    }
  } else {
    if (match !== '') {
      if (rv === '') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
      if (hasContinue) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
      if (match === 'Exact' && rv === '0') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
      else if (match !== 'Exact' && match !== 'NotOlderThan') causes.push(notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    }
    if (sendInitialEvents) causes.push(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  }
  if (causes.length > 0) throw new StatusError(invalidStatus('ListOptions', 'meta.k8s.io', '', causes));
}

/**
 * Why a resourceVersion parameter is not a storage revision, in the versioner's words
 * (`resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax`), or
 * undefined when it is one.
 */
export function resourceVersionParseError(rv: string): string | undefined {
  let reason: string | undefined;
  if (!/^\d+$/.test(rv)) reason = 'invalid syntax';
  else if (BigInt(rv) > 0xffffffffffffffffn) reason = 'value out of range';
  return reason === undefined ? undefined : `resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: ${reason}`;
}

/** ValidateDeleteOptions: a propagation policy kube-apiserver knows, and not beside orphanDependents. */
export function validateDeleteOptions(policy: string | undefined, orphanDependents: unknown): void {
  const causes: FieldCause[] = [];
  if (policy !== undefined && orphanDependents !== undefined) causes.push(invalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'));
  if (policy !== undefined && !['Foreground', 'Background', 'Orphan'].includes(policy)) causes.push(notSupported('propagationPolicy', policy, ['Foreground', 'Background', 'Orphan', 'nil']));
  if (causes.length > 0) throw new StatusError(invalidStatus('DeleteOptions', 'meta.k8s.io', '', causes));
}
