/**
 * Services (pkg/apis/core/validation): ValidateService's ports, type and session affinity, and a
 * Service's cluster IPs, which once set may not change (ValidateServiceUpdate's
 * validateUpgradeDowngradeClusterIPs, after the strategy's NormalizeClusterIPs has read the
 * singular field against the plural one).
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { duplicate, forbidden, invalid, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../kube/dns-names.js';
import { isValidPortName, isValidPortNum } from '../../../kube/ports.js';
import { semanticEqual, stringSliceJSON } from './go-values.js';

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
  const invalid = (detail: string): FieldCause => ({ reason: 'FieldValueInvalid', field: 'spec.clusterIPs[0]', message: `Invalid value: ${stringSliceJSON(spec.clusterIPs === undefined && ips.length === 0 ? undefined : ips)}: ${detail}` });
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

/** sets.List of the supported values: sorted. */
const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const SESSION_AFFINITIES = ['ClientIP', 'None'];
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** ports.KubeletPort, which a LoadBalancer may not expose. */
const KUBELET_PORT = 10250;

/** json.Marshal of the internal core.ServicePort that keys a (protocol, port) pair (Go field names, no tags). */
const servicePortKeyJSON = (protocol: string, port: unknown) =>
  `{"Name":"","Protocol":${JSON.stringify(protocol)},"AppProtocol":null,"Port":${Number(port ?? 0)},"TargetPort":0,"NodePort":0}`;

/** validateServicePort: names (required when there are several), port, protocol, target port. */
function servicePortErrors(port: Record<string, unknown>, requireName: boolean, names: Set<string>, path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  const name = typeof port.name === 'string' ? port.name : '';
  if (requireName && name === '') errors.push(required(`${path}.name`, ''));
  else if (name !== '') {
    errors.push(...isDNS1123Label(name).map((m) => invalid(`${path}.name`, name, m)));
    if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
    else names.add(name);
  }
  errors.push(...isValidPortNum(Number(port.port ?? 0)).map((m) => invalid(`${path}.port`, port.port ?? 0, m)));
  const protocol = typeof port.protocol === 'string' ? port.protocol : '';
  if (protocol === '') errors.push(required(`${path}.protocol`, ''));
  else if (!PORT_PROTOCOLS.includes(protocol)) errors.push(notSupported(`${path}.protocol`, protocol, PORT_PROTOCOLS));
  const target = port.targetPort;
  if (typeof target === 'string') errors.push(...isValidPortName(target).map((m) => invalid(`${path}.targetPort`, target, m)));
  else errors.push(...isValidPortNum(Number(target ?? 0)).map((m) => invalid(`${path}.targetPort`, target ?? 0, m)));
  return errors;
}

/**
 * The spec ValidateService sees: a Service turned ExternalName drops the cluster IPs and IP
 * families it kept from before (the strategy's dropTypeDependentFields).
 */
function withoutDroppedFields(spec: Obj, old: KubeObject | undefined): Obj {
  if (!old || spec.type !== 'ExternalName') return spec;
  const oldSpec = specOf(old);
  if (oldSpec.type === 'ExternalName') return spec;
  const out = { ...spec };
  for (const key of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) {
    if (semanticEqual(out[key], oldSpec[key])) delete out[key];
  }
  return out;
}

/** ValidateService: what every Service, created or updated, must be. */
export function serviceErrors(obj: KubeObject, old?: KubeObject): FieldCause[] {
  const spec = withoutDroppedFields(specOf(obj), old);
  const errors: FieldCause[] = [];
  const ports = Array.isArray(spec.ports) ? spec.ports.map((p) => (isPlainObject(p) ? p : {})) : [];
  const ips = createdIPs(spec);
  const headless = isHeadless(ips);
  const type = typeof spec.type === 'string' ? spec.type : '';
  if (ports.length === 0 && !headless && type !== 'ExternalName') errors.push(required('spec.ports', ''));
  if (type === 'LoadBalancer' || type === 'NodePort') {
    if (type === 'LoadBalancer') {
      ports.forEach((port, i) => {
        if (port.port === KUBELET_PORT) errors.push(invalid(`spec.ports[${i}]`, KUBELET_PORT, `may not expose port ${KUBELET_PORT} externally since it is used by kubelet`));
      });
    }
    if (headless) errors.push(invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
  } else if (type === 'ExternalName') {
    if (ips.length > 0) errors.push(forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
    if (Array.isArray(spec.ipFamilies) && spec.ipFamilies.length > 0) errors.push(forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
    if (spec.ipFamilyPolicy != null) errors.push(forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
    // A trailing dot marks the name fully qualified.
    const cname = (typeof spec.externalName === 'string' ? spec.externalName : '').replace(/\.$/, '');
    if (cname === '') errors.push(required('spec.externalName', ''));
    else errors.push(...isDNS1123Subdomain(cname).map((m) => invalid('spec.externalName', cname, m)));
  }
  const names = new Set<string>();
  ports.forEach((port, i) => errors.push(...servicePortErrors(port, ports.length > 1, names, `spec.ports[${i}]`)));
  const affinity = typeof spec.sessionAffinity === 'string' ? spec.sessionAffinity : '';
  if (affinity === '') errors.push(required('spec.sessionAffinity', ''));
  else if (!SESSION_AFFINITIES.includes(affinity)) errors.push(notSupported('spec.sessionAffinity', affinity, SESSION_AFFINITIES));
  if (type === '') errors.push(required('spec.type', ''));
  else if (!SERVICE_TYPES.includes(type)) errors.push(notSupported('spec.type', type, SERVICE_TYPES));
  if (type === 'ClusterIP') {
    ports.forEach((port, i) => {
      if (port.nodePort) errors.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const seen = new Set<string>();
  ports.forEach((port, i) => {
    const protocol = typeof port.protocol === 'string' ? port.protocol : '';
    const key = `${protocol}/${String(port.port)}`;
    if (seen.has(key)) errors.push({ reason: 'FieldValueDuplicate', field: `spec.ports[${i}]`, message: `Duplicate value: ${servicePortKeyJSON(protocol, port.port)}` });
    seen.add(key);
  });
  return errors;
}
