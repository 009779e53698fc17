/**
 * Services (pkg/apis/core/validation): a Service's cluster IPs, once set, may not change
 * (ValidateServiceUpdate's validateUpgradeDowngradeClusterIPs, after the strategy's
 * NormalizeClusterIPs has read the singular field against the plural one).
 */
import { isPlainObject, type KubeObject } from '../object.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { goStringSlice } from './go-values.js';

type Obj = Record<string, unknown>;

const specOf = (obj: KubeObject): Obj => (isPlainObject(obj.spec) ? obj.spec : {});
const ipsOf = (spec: Obj): string[] => (Array.isArray(spec.clusterIPs) ? spec.clusterIPs.map(String) : []);
const sameIPs = (a: string[], b: string[]) => a.length === b.length && a.every((ip, i) => ip === b[i]);

/** The cluster IPs NormalizeClusterIPs makes of an update's clusterIP and clusterIPs. */
function normalizedIPs(spec: Obj, oldSpec: Obj, oldIPs: string[]): string[] {
  let ips = ipsOf(spec);
  const ip = typeof spec.clusterIP === 'string' ? spec.clusterIP : '';
  const oldIP = typeof oldSpec.clusterIP === 'string' ? oldSpec.clusterIP : '';
  // An old client that sent the singular field only keeps the plural one.
  if (oldIPs.length > 0 && ips.length === 0 && oldIP === ip) ips = oldIPs;
  if (oldIP !== ip && sameIPs(ips, oldIPs)) ips = oldIP !== '' && ip === '' ? [] : [ip];
  return ips;
}

/** A created Service's plural field, as NormalizeClusterIPs fills it from the singular one. */
function createdIPs(spec: Obj): string[] {
  const ips = ipsOf(spec);
  return ips.length === 0 && typeof spec.clusterIP === 'string' && spec.clusterIP !== '' ? [spec.clusterIP] : ips;
}

const isHeadless = (ips: string[]) => ips.length === 1 && ips[0] === 'None';

export function serviceUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const spec = specOf(obj);
  const oldSpec = specOf(old);
  if (spec.type === 'ExternalName' || oldSpec.type === 'ExternalName') return [];
  const oldIPs = createdIPs(oldSpec);
  const ips = normalizedIPs(spec, oldSpec, oldIPs);
  if (isHeadless(oldIPs) && isHeadless(ips)) return [];
  const invalid = (detail: string): FieldCause => ({ reason: 'FieldValueInvalid', field: 'spec.clusterIPs[0]', message: `Invalid value: ${goStringSlice(spec.clusterIPs === undefined && ips.length === 0 ? undefined : ips)}: ${detail}` });
  const errors: FieldCause[] = [];
  if (oldIPs.length === ips.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== ips[i]) errors.push({ ...invalid('may not change once set'), field: `spec.clusterIPs[${i}]` });
    });
  } else if (oldIPs.length > ips.length) {
    if (ips.length === 0) errors.push(invalid('primary clusterIP can not be unset'));
    if (oldIPs.length > 0 && ips.length > 0 && ips[0] !== oldIPs[0]) errors.push(invalid('may not change once set'));
    if (ips.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
      errors.push(invalid("`ipFamilyPolicy` must be set to 'SingleStack' when releasing the secondary clusterIP"));
    }
  } else if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) {
    errors.push(invalid('may not change once set'));
  }
  return errors;
}
