/**
 * A conversion webhook's clientConfig (k8s.io/apiserver's util/webhook validation, as
 * validateCustomResourceConversion calls it): a URL must parse, be https, name a host and carry no
 * user, query or fragment; a service needs a name, a namespace, a valid port (443 when unset) and a
 * path of DNS-1123 subdomain segments; a caBundle must hold PEM certificates (checked only on
 * updates of an established CRD whose stored bundle was valid).
 */
import { X509Certificate } from 'node:crypto';
import { invalid, required, type FieldCause } from '../../kube/field-errors.js';
import { isDNS1123Subdomain } from '../../kube/dns-names.js';
import { asObject, asString } from './crd-object.js';

const FORM = '; desired format: https://host[/path]';

interface ParsedURL {
  scheme: string;
  user?: string;
  host: string;
  rawQuery: string;
  fragment: string;
}

/** The part of Go's url.Parse these checks read; a string is the error url.Parse returns. */
function parseGoURL(raw: string): ParsedURL | string {
  const fail = (why: string) => `parse ${JSON.stringify(raw)}: ${why}`;
  // eslint-disable-next-line no-control-regex -- Go's net/url refuses control characters
  if (/[\x00-\x1f\x7f]/.test(raw)) return fail('net/url: invalid control character in URL');
  let rest = raw;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let scheme = '';
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (m) {
    scheme = m[1].toLowerCase();
    rest = rest.slice(m[0].length);
  } else if (rest.startsWith(':')) return fail('missing protocol scheme');
  let rawQuery = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let host = '';
  let user: string | undefined;
  if (rest.startsWith('//') || (scheme !== '' && rest.startsWith('//'))) {
    const authority = rest.slice(2).split('/')[0];
    const at = authority.lastIndexOf('@');
    if (at >= 0) user = authority.slice(0, at);
    host = at >= 0 ? authority.slice(at + 1) : authority;
    const port = /^(?:\[[^\]]*\]|[^:]*)(:.*)?$/.exec(host)?.[1];
    if (port !== undefined && !/^:\d*$/.test(port)) return fail(`invalid port ${JSON.stringify(port)} after host`);
  } else if (scheme === '' && /^[^/]*:/.test(rest)) {
    return fail('first path segment in URL cannot contain colon');
  }
  return { scheme, host, rawQuery, fragment, ...(user !== undefined ? { user } : {}) };
}

/** webhook.ValidateWebhookURL with forceHttps. */
function urlErrors(url: string, path: string): FieldCause[] {
  const u = parseGoURL(url);
  if (typeof u === 'string') return [required(path, `url must be a valid URL: ${u}${FORM}`)];
  const out: FieldCause[] = [];
  if (u.scheme !== 'https') out.push(invalid(path, u.scheme, `'https' is the only allowed URL scheme${FORM}`));
  if (u.host === '') out.push(invalid(path, u.host, `host must be specified${FORM}`));
  if (u.user !== undefined) out.push(invalid(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment !== '') out.push(invalid(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery !== '') out.push(invalid(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return out;
}

/**
 * webhook.ValidateWebhookService. kube-apiserver passes the service's name and namespace in the
 * other order than the function declares them, so a missing name is reported at `.namespace`
 * and a missing namespace at `.name`; we report what it reports.
 */
function serviceErrors(service: Record<string, unknown>, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  if (asString(service.namespace) === '') out.push(required(`${path}.name`));
  if (asString(service.name) === '') out.push(required(`${path}.namespace`));
  const port = service.port === undefined || service.port === null ? 443 : Number(service.port);
  if (!(Number.isInteger(port) && port >= 1 && port <= 65535)) out.push(invalid(`${path}.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (service.path === undefined || service.path === null) return out;
  const urlPath = asString(service.path);
  if (urlPath === '/' || urlPath === '') return out;
  if (urlPath === '//') return [...out, invalid(`${path}.path`, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) out.push(invalid(`${path}.path`, urlPath, "must start with a '/'"));
  let toCheck = urlPath.slice(1);
  if (toCheck.endsWith('/')) toCheck = toCheck.slice(0, -1);
  toCheck.split('/').forEach((step, i) => {
    if (step === '') {
      out.push(invalid(`${path}.path`, urlPath, `segment[${i}] may not be empty`));
      return;
    }
    for (const failure of isDNS1123Subdomain(step)) out.push(invalid(`${path}.path`, urlPath, `segment[${i}]: ${failure}`));
  });
  return out;
}

/** Whether a caBundle (base64 in JSON) holds at least one PEM certificate, as x509's AppendCertsFromPEM. */
export function isValidCABundle(caBundle: unknown): boolean {
  const pem = Buffer.from(asString(caBundle), 'base64').toString('latin1');
  for (const m of pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)) {
    try {
      new X509Certificate(m[0]);
      return true;
    } catch {
      // not a certificate; AppendCertsFromPEM goes on to the next block
    }
  }
  return false;
}

/**
 * The clientConfig errors (`path` is `spec.conversion.webhookClientConfig`); `checkCABundle` as
 * kube-apiserver decides it (not on create, nor while the stored CRD is not established).
 */
export function webhookClientConfigErrors(clientConfig: unknown, path: string, checkCABundle: boolean): FieldCause[] {
  const cc = asObject(clientConfig);
  const hasURL = cc.url !== undefined && cc.url !== null;
  const hasService = cc.service !== undefined && cc.service !== null;
  const out: FieldCause[] = [];
  if (hasURL === hasService) out.push(required(path, 'exactly one of url or service is required'));
  else if (hasURL) out.push(...urlErrors(asString(cc.url), `${path}.url`));
  else out.push(...serviceErrors(asObject(cc.service), `${path}.service`));
  const caBundle = asString(cc.caBundle);
  if (checkCABundle && caBundle !== '' && !isValidCABundle(caBundle)) {
    out.push(invalid(`${path}.caBundle`, caBundle, 'unable to load root certificates: unable to parse bytes as PEM block'));
  }
  return out;
}
