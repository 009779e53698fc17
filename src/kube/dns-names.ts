/**
 * The name rules of k8s.io/apimachinery/pkg/util/validation: an RFC 1123 label and subdomain
 * (object names, groups, domains), an RFC 1035 label (plurals, versions, controller names, ...),
 * qualified names and label values (label and annotation keys, label values, label selectors),
 * as patterns for every check of such a name, and with apimachinery's messages for the API
 * server's own (CRD validation).
 */

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';

/** The whole-string patterns (lengths are checked apart: 63 for labels, 253 for subdomains). */
export const dns1123LabelPattern = new RegExp(`^${DNS1123_LABEL}$`);
export const dns1123SubdomainPattern = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
export const dns1035LabelPattern = new RegExp(`^${DNS1035_LABEL}$`);
/** The name part of a qualified name (label and annotation keys: `[prefix/]name`; 63 characters). */
export const qualifiedNamePattern = new RegExp(`^${QUALIFIED_NAME}$`);
/** A label key: an optional RFC 1123 subdomain prefix (253) and `/`, then the name part (63). */
export const labelKeyPattern = new RegExp(`^(${DNS1123_SUBDOMAIN}/)?${QUALIFIED_NAME}$`);
/** A label value: empty or a name part (63 characters). */
export const labelValuePattern = new RegExp(`^(${QUALIFIED_NAME})?$`);

/** validation.RegexError: the message, its examples and the regex shown. */
function regexError(message: string, regex: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${regex}')`;
  let text = `${message} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) text += ' or ';
    text += `'${e}', `;
  });
  return `${text}regex used for validation is '${regex}')`;
}

const maxLenError = (n: number) => `must be no more than ${n} characters`;
/** The length rule of label keys and values (1.36 counts their bytes, and says so). */
const maxBytesError = (n: number) => `must be no more than ${n} bytes`;

/**
 * validation.IsDNS1123Subdomain: the reasons `value` is not one (none when it is). As the prefix
 * of a qualified name (`inLabelKey`) its length is counted and worded in bytes.
 */
export function isDNS1123Subdomain(value: string, inLabelKey = false): string[] {
  const errs: string[] = [];
  if (inLabelKey ? Buffer.byteLength(value) > 253 : value.length > 253) errs.push(inLabelKey ? maxBytesError(253) : maxLenError(253));
  if (!dns1123SubdomainPattern.test(value)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN,
        'example.com',
      ),
    );
  }
  return errs;
}

/** validation.IsDNS1035Label. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63));
  if (!dns1035LabelPattern.test(value)) {
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        DNS1035_LABEL,
        'my-name',
        'abc-123',
      ),
    );
  }
  return errs;
}

/** validation.IsDNS1123Label (namespaces): a name that would be a valid subdomain but for its dots is told so. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63));
  if (!dns1123LabelPattern.test(value) && dns1123SubdomainPattern.test(value)) {
    errs.push('must not contain dots');
  } else if (!dns1123LabelPattern.test(value)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL,
        'my-name',
        '123-abc',
      ),
    );
  }
  return errs;
}

const QUALIFIED_NAME_MESSAGE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** validation.IsQualifiedName: label and annotation keys, `[prefix/]name`. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1]!;
    if (prefix === '') errs.push('prefix part must be non-empty');
    else errs.push(...isDNS1123Subdomain(prefix, true).map((m) => `prefix part ${m}`));
  } else {
    // kube-apiserver 1.36: IsQualifiedName is IsLabelKey, which words this case as a label key.
    return [`a valid label key ${regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (Buffer.byteLength(name) > 63) errs.push(`name part ${maxBytesError(63)}`);
  if (!qualifiedNamePattern.test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

const LABEL_VALUE = `(${QUALIFIED_NAME})?`;

/** validation.IsValidLabelValue. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > 63) errs.push(maxBytesError(63));
  if (!labelValuePattern.test(value)) {
    errs.push(regexError("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", LABEL_VALUE, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

const CONFIG_MAP_KEY = '[-._a-zA-Z0-9]+';
const configMapKeyPattern = new RegExp(`^${CONFIG_MAP_KEY}$`);

/** validation.IsConfigMapKey: a key of a ConfigMap's or a Secret's data (a file name when mounted). */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  // Go's len: bytes.
  if (Buffer.byteLength(value) > 253) errs.push(maxLenError(253));
  if (!configMapKeyPattern.test(value)) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", CONFIG_MAP_KEY, 'key.name', 'KEY_NAME', 'key-name'));
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
