/**
 * The corpus: marker sets that produce a CRD kube-apiserver refuses, each with the error the API
 * server gives (field path and message, as its 422 Status words it), the source text the
 * `manifests` diagnostic must point at, and a valid twin (the same input, fixed) that both
 * `manifests` and the test API server accept.
 */

export interface CorpusCase {
  name: string;
  /** The WidgetSpec declaration(s) and any other types, or a whole kind file (see `kindFile`). */
  source: string;
  /** Markers above the kind. */
  kindMarkers?: string;
  /** The kind's name (default Widget). */
  kind?: string;
  /** Markers of the API package (groupversion_info.ts); default `+groupName=test.example.com`. */
  packageMarkers?: string;
  /** The error, `<field>: <message>`, as kube-apiserver reports it; ` … ` stands for text left out (a value too long to spell). */
  error: string;
  /** Text on the source line the diagnostic must point at. */
  at: string;
  /** A second version (package api/v2, served, not stored) with this WidgetSpec; default none. */
  extraVersion?: string;
  /** The same input, fixed: [search, replacement] applied to source, kind, kindMarkers and packageMarkers. */
  fix: [string, string];
  /**
   * `manifests` writes the CRD with a warning instead of refusing it, the API servers refuse it: a
   * protected group's approval annotation is often added after generation (config/crd's
   * kustomization), as controller-gen leaves it to projects (issue 27).
   */
  manifestsWarns?: true;
}

const V = 'spec.versions[0]';
// A v1 CRD is validated in its internal form: what every version has alike (here: one version)
// is checked at the top level, spec.validation / spec.additionalPrinterColumns / ...
const SCHEMA = 'spec.validation.openAPIV3Schema';
const S = `${SCHEMA}.properties[spec]`;
const P = (f: string) => `${S}.properties[${f}]`;
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const DNS1123 =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const spec = (fields: string, extra = '') => `${extra}export interface WidgetSpec {\n${fields}\n}\n`;
const SIZE = `  size?: number;`;
const TEMPLATE = 'export interface Template {\n  apiVersion?: string;\n  kind?: string;\n  metadata?: ObjectMeta;\n}\n';
const specWithSize = spec(`  // +kubebuilder:validation:Type=integer\n${SIZE}`);

/** What cel-go's parser expects where an operand must start, as its messages spell it. */
const OPERAND_START = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

/** A WidgetSpec with a string field called `field` and `rule` on the type. */
const specWithKeywordRule = (field: string, rule: string) =>
  spec(`  ${field}?: string;`).replace('export interface WidgetSpec', `// +kubebuilder:validation:XValidation:rule="${rule}"\nexport interface WidgetSpec`);

/** kube-apiserver's refusal of `rule` on WidgetSpec, whose compilation fails with `errors` ([column, message]), as cel-go displays them. */
const keywordRuleError = (rule: string, errors: [number, string][]) =>
  `${S}.x-kubernetes-validations[0].rule: Invalid value: {"Rule":${JSON.stringify(rule)},"Message":"","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: compilation failed: ` +
  errors.map(([column, message]) => `ERROR: <input>:1:${column}: ${message}\n | ${rule}\n | ${'.'.repeat(column - 1)}^`).join('\n');

export const CASES: CorpusCase[] = [
  // printer columns
  {
    name: 'printcolumn type outside the five column types',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:printcolumn:name="Size",type=int,JSONPath=".spec.size"',
    error: `spec.additionalPrinterColumns[0].type: Invalid value: "int": must be one of boolean,date,integer,number,string`,
    at: 'type=int',
    fix: ['type=int', 'type=integer'],
  },
  {
    name: 'printcolumn type that is a schema type but not a column type',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:printcolumn:name="Size",type=object,JSONPath=".spec"',
    error: `spec.additionalPrinterColumns[0].type: Invalid value: "object": must be one of boolean,date,integer,number,string`,
    at: 'type=object',
    fix: ['type=object', 'type=string'],
  },
  {
    name: 'printcolumn format outside the column formats',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:printcolumn:name="Size",type=integer,format=uint8,JSONPath=".spec.size"',
    error: `spec.additionalPrinterColumns[0].format: Invalid value: "uint8": must be one of byte,date,date-time,double,float,int32,int64,password`,
    at: 'format=uint8',
    fix: ['format=uint8', 'format=int32'],
  },
  {
    name: 'printcolumn JSONPath without the leading dot',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath="spec.size"',
    error: `spec.additionalPrinterColumns[0].JSONPath: Invalid value: "spec.size": must be a simple json path starting with .`,
    at: 'JSONPath="spec.size"',
    fix: ['JSONPath="spec.size"', 'JSONPath=".spec.size"'],
  },
  {
    name: 'second printcolumn reported at its own marker',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size"\n// +kubebuilder:printcolumn:name="Age",type=time,JSONPath=".metadata.creationTimestamp"',
    error: `spec.additionalPrinterColumns[1].type: Invalid value: "time": must be one of boolean,date,integer,number,string`,
    at: 'type=time',
    fix: ['type=time', 'type=date'],
  },
  // x-kubernetes-validations text
  {
    name: 'XValidation with a blank message',
    source: spec(`  // +kubebuilder:validation:XValidation:rule="self.size() > 0",message=" "\n  color?: string;`),
    error: `${P('color')}.x-kubernetes-validations[0].message: Invalid value: " ": must be non-empty if specified`,
    at: 'XValidation:rule=',
    fix: ['message=" "', 'message="must not be empty"'],
  },
  // x-kubernetes-validations compiled (src/kube/cel)
  {
    name: 'XValidation rule that is not a bool',
    source: spec(`  // +kubebuilder:validation:XValidation:rule="self.size()"\n  color?: string;`),
    error:
      `${P('color')}.x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.size()","Message":"","MessageExpression":"",` +
      '"Reason":null,"FieldPath":"","OptionalOldSelf":null}: cel expression must evaluate to a bool',
    at: 'XValidation:rule="self.size()"',
    fix: ['rule="self.size()"', 'rule="self.size() > 0"'],
  },
  {
    name: 'XValidation transition rule under a list that is not a map list',
    source: spec(
      `  items?: Item[];`,
      `export interface Item {\n  // +kubebuilder:validation:MaxLength=10\n  // +kubebuilder:validation:XValidation:rule="self == oldSelf",message="immutable"\n  name?: string;\n}\n`,
    ),
    error: `${P('items')}.items.properties[name].x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${P('items')}`,
    at: 'XValidation:rule="self == oldSelf"',
    fix: ['rule="self == oldSelf"', 'rule="self != \'\'"'],
  },
  // selectable fields
  {
    name: 'selectablefield on a list',
    source: spec(`  tags?: string[];`),
    kindMarkers: '// +kubebuilder:selectablefield:JSONPath=".spec.tags"',
    error: `spec.selectableFields[0].jsonPath: Invalid value: ".spec.tags": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.`,
    at: 'selectablefield:JSONPath=".spec.tags"',
    fix: ['tags?: string[];', 'tags?: string;'],
  },
  {
    name: 'selectablefield without the leading dot',
    source: spec(`  color?: string;`),
    kindMarkers: '// +kubebuilder:selectablefield:JSONPath="spec.color"',
    error: `spec.selectableFields[0].jsonPath: Invalid value: "spec.color": is an invalid path: expected [ or . but got: spec`,
    at: 'selectablefield:JSONPath="spec.color"',
    fix: ['JSONPath="spec.color"', 'JSONPath=".spec.color"'],
  },
  {
    name: 'selectablefield naming no field',
    source: spec(`  color?: string;`),
    kindMarkers: '// +kubebuilder:selectablefield:JSONPath=".spec.colour"',
    error: `spec.selectableFields[0].jsonPath: Invalid value: ".spec.colour": is an invalid path: does not refer to a valid field`,
    at: 'selectablefield:JSONPath=".spec.colour"',
    fix: ['.spec.colour', '.spec.color'],
  },
  // defaults validated against their own schema
  {
    name: 'default above Maximum',
    source: spec(`  // +kubebuilder:validation:Maximum=10\n  // +kubebuilder:default=100\n  size?: number;`),
    error: `${P('size')}.default: Invalid value: 100:  in body should be less than or equal to 10`,
    at: '+kubebuilder:default=100',
    fix: ['default=100', 'default=10'],
  },
  {
    name: 'default below Minimum',
    source: spec(`  // +kubebuilder:validation:Minimum=1\n  // +kubebuilder:default=0\n  replicas?: number;`),
    error: `${P('replicas')}.default: Invalid value: 0:  in body should be greater than or equal to 1`,
    at: '+kubebuilder:default=0',
    fix: ['default=0', 'default=1'],
  },
  {
    name: 'default equal to an exclusive maximum',
    source: spec(`  // +kubebuilder:validation:Maximum=5\n  // +kubebuilder:validation:ExclusiveMaximum=true\n  // +kubebuilder:default=5\n  level?: number;`),
    error: `${P('level')}.default: Invalid value: 5:  in body should be less than 5`,
    at: '+kubebuilder:default=5',
    fix: ['default=5', 'default=4'],
  },
  {
    name: 'default not a multiple of MultipleOf',
    source: spec(`  // +kubebuilder:validation:MultipleOf=4\n  // +kubebuilder:default=6\n  blocks?: number;`),
    error: `${P('blocks')}.default: Invalid value: 6:  in body should be a multiple of 4`,
    at: '+kubebuilder:default=6',
    fix: ['default=6', 'default=8'],
  },
  {
    name: 'default shorter than MinLength',
    source: spec(`  // +kubebuilder:validation:MinLength=5\n  // +kubebuilder:default="abc"\n  name?: string;`),
    error: `${P('name')}.default: Invalid value: "abc":  in body should be at least 5 chars long`,
    at: '+kubebuilder:default="abc"',
    fix: ['default="abc"', 'default="abcde"'],
  },
  {
    name: 'default longer than MaxLength',
    source: spec(`  // +kubebuilder:validation:MaxLength=3\n  // +kubebuilder:default="abcd"\n  code?: string;`),
    error: `${P('code')}.default: Too long: may not be more than 3 bytes`,
    at: '+kubebuilder:default="abcd"',
    fix: ['default="abcd"', 'default="abc"'],
  },
  {
    name: 'default that does not match the Pattern',
    source: spec(`  // +kubebuilder:validation:Pattern="^[a-z]+$"\n  // +kubebuilder:default="ABC"\n  mode?: string;`),
    error: `${P('mode')}.default: Invalid value: "ABC":  in body should match '^[a-z]+$'`,
    at: '+kubebuilder:default="ABC"',
    fix: ['default="ABC"', 'default="abc"'],
  },
  {
    name: 'default outside the Enum',
    source: spec(`  // +kubebuilder:validation:Enum=fast;slow\n  // +kubebuilder:default="medium"\n  speed?: string;`),
    error: `${P('speed')}.default: Unsupported value: "medium": supported values: "fast", "slow"`,
    at: '+kubebuilder:default="medium"',
    fix: ['default="medium"', 'default="slow"'],
  },
  {
    name: 'default of the wrong type',
    source: spec(`  // +kubebuilder:default="many"\n  count?: int32;`, "import type { int32 } from 'kubescaffolder/runtime';\n"),
    error: `${P('count')}.default: Invalid value: "string":  in body must be of type integer: "string"`,
    at: '+kubebuilder:default="many"',
    fix: ['default="many"', 'default=3'],
  },
  {
    name: 'default with more items than MaxItems',
    source: spec(`  // +kubebuilder:validation:MaxItems=2\n  // +kubebuilder:default={"a","b","c"}\n  tags?: string[];`),
    error: `${P('tags')}.default: Too many: 3: must have at most 2 items`,
    at: '+kubebuilder:default={"a","b","c"}',
    fix: ['default={"a","b","c"}', 'default={"a","b"}'],
  },
  {
    name: 'default object with a field the schema does not have (pruned)',
    source: spec(`  // +kubebuilder:default={port: 80, bogus: 1}\n  endpoint?: Endpoint;`, 'export interface Endpoint {\n  port?: number;\n}\n'),
    error: `${P('endpoint')}.default: Invalid value: {"bogus":1,"port":80}: must not have unknown fields`,
    at: '+kubebuilder:default={port: 80, bogus: 1}',
    fix: ['{port: 80, bogus: 1}', '{port: 80}'],
  },
  {
    name: 'default object whose field breaks its own Maximum',
    source: spec(`  // +kubebuilder:default={port: 70000}\n  endpoint?: Endpoint;`, 'export interface Endpoint {\n  // +kubebuilder:validation:Maximum=65535\n  port?: number;\n}\n'),
    error: `${P('endpoint')}.default.port: Invalid value: 70000: port in body should be less than or equal to 65535`,
    at: '+kubebuilder:default={port: 70000}',
    fix: ['{port: 70000}', '{port: 8080}'],
  },
  {
    name: 'numeric default outside a numeric Enum',
    source: spec(`  // +kubebuilder:validation:Enum=1;2\n  // +kubebuilder:default=3\n  shards?: number;`),
    error: `${P('shards')}.default: Unsupported value: 3: supported values: "1", "2"`,
    at: '+kubebuilder:default=3',
    fix: ['default=3', 'default=2'],
  },
  // patterns are Go (RE2) regular expressions
  {
    name: 'Pattern with a lookbehind',
    source: spec(`  // +kubebuilder:validation:Pattern="(?<=a)b"\n  host?: string;`),
    error: `${P('host')}.pattern: Invalid value: "(?<=a)b": must be a valid regular expression, but isn't: error parsing regexp: invalid named capture: \`(?<=a)b\``,
    at: 'Pattern="(?<=a)b"',
    fix: ['(?<=a)b', '(?P<a>a)b'],
  },
  {
    name: 'Pattern with a backreference',
    source: spec(`  // +kubebuilder:validation:Pattern="(a)\\\\1"\n  twice?: string;`),
    error: `${P('twice')}.pattern: Invalid value: "(a)\\\\1": must be a valid regular expression, but isn't: error parsing regexp: invalid escape sequence: \`\\1\``,
    at: 'Pattern="(a)',
    fix: ['(a)\\\\1', '(a)\\\\d'],
  },
  {
    name: 'Pattern with an unclosed class',
    source: spec(`  // +kubebuilder:validation:Pattern="[a-"\n  letters?: string;`),
    error: `${P('letters')}.pattern: Invalid value: "[a-": must be a valid regular expression, but isn't: error parsing regexp: missing closing ]: \`[a-\``,
    at: 'Pattern="[a-"',
    fix: ['[a-"', '[a-z]"'],
  },
  {
    name: 'Pattern with a repeat count above 1000',
    source: spec(`  // +kubebuilder:validation:Pattern="^a{1001}$"\n  many?: string;`),
    error: `${P('many')}.pattern: Invalid value: "^a{1001}$": must be a valid regular expression, but isn't: error parsing regexp: invalid repeat count: \`{1001}\``,
    at: 'Pattern="^a{1001}$"',
    fix: ['{1001}', '{1000}'],
  },
  {
    name: 'items:Pattern with a lookahead on a list of strings',
    source: spec(`  // +kubebuilder:validation:items:Pattern="^(?=x)"\n  names?: string[];`),
    error: `${P('names')}.items.pattern: Invalid value: "^(?=x)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: \`(?=\``,
    at: 'items:Pattern',
    fix: ['^(?=x)', '^x'],
  },
  // names
  {
    name: 'groupName that is a path',
    source: specWithSize,
    packageMarkers: '// +groupName=../../somewhere',
    error: `spec.group: Invalid value: "../../somewhere": ${DNS1123}`,
    at: '+groupName=../../somewhere',
    fix: ['../../somewhere', 'somewhere.example.com'],
  },
  {
    name: 'groupName without a dot',
    source: specWithSize,
    packageMarkers: '// +groupName=widgets',
    error: `spec.group: Invalid value: "widgets": should be a domain with at least one dot`,
    at: '+groupName=widgets',
    fix: ['groupName=widgets', 'groupName=widgets.example.com'],
  },
  {
    name: 'groupName in upper case',
    source: specWithSize,
    packageMarkers: '// +groupName=Test.Example.com',
    error: `spec.group: Invalid value: "Test.Example.com": ${DNS1123}`,
    at: '+groupName=Test.Example.com',
    fix: ['Test.Example.com', 'test.example.com'],
  },
  {
    name: 'resource path that is a path',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:resource:path=../x',
    error: `spec.names.plural: Invalid value: "../x": ${DNS1035}`,
    at: 'resource:path=../x',
    fix: ['path=../x', 'path=xs'],
  },
  {
    name: 'resource path in upper case',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:resource:path=Widgets',
    error: `spec.names.plural: Invalid value: "Widgets": ${DNS1035}`,
    at: 'resource:path=Widgets',
    fix: ['path=Widgets', 'path=widgets'],
  },
  {
    name: 'resource singular with an underscore',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:resource:singular=my_widget',
    error: `spec.names.singular: Invalid value: "my_widget": ${DNS1035}`,
    at: 'resource:singular=my_widget',
    fix: ['my_widget', 'my-widget'],
  },
  {
    name: 'resource shortName starting with a digit',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:resource:shortName=1w',
    error: `spec.names.shortNames[0]: Invalid value: "1w": ${DNS1035}`,
    at: 'shortName=1w',
    fix: ['shortName=1w', 'shortName=w1'],
  },
  {
    name: 'resource category with a dot',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:resource:categories=all.things',
    error: `spec.names.categories[0]: Invalid value: "all.things": ${DNS1035}`,
    at: 'categories=all.things',
    fix: ['all.things', 'all-things'],
  },
  {
    name: 'version name from +versionName in upper case',
    source: specWithSize,
    packageMarkers: '// +groupName=test.example.com\n// +versionName=V1',
    error: `${V}.name: Invalid value: "V1": ${DNS1035}`,
    at: '+versionName=V1',
    fix: ['versionName=V1', 'versionName=v1'],
  },
  {
    name: 'version name starting with a digit',
    source: specWithSize,
    packageMarkers: '// +groupName=test.example.com\n// +versionName=1beta1',
    error: `${V}.name: Invalid value: "1beta1": ${DNS1035}`,
    at: '+versionName=1beta1',
    fix: ['versionName=1beta1', 'versionName=v1beta1'],
  },
  // scale subresource
  {
    name: 'scale specpath under status',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:subresource:scale:specpath=.status.replicas,statuspath=.status.replicas',
    error: `spec.subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec`,
    at: 'subresource:scale',
    fix: ['specpath=.status.replicas', 'specpath=.spec.replicas'],
  },
  {
    name: 'scale statuspath under spec',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.spec.size',
    error: `spec.subresources.scale.statusReplicasPath: Invalid value: ".spec.size": should be a json path under .status`,
    at: 'subresource:scale',
    fix: ['statuspath=.spec.size', 'statuspath=.status.replicas'],
  },
  {
    name: 'scale selectorpath under metadata',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.metadata.labels',
    error: `spec.subresources.scale.labelSelectorPath: Invalid value: ".metadata.labels": should be a json path under either .spec or .status`,
    at: 'subresource:scale',
    fix: ['selectorpath=.metadata.labels', 'selectorpath=.status.selector'],
  },
  {
    name: 'scale specpath without the leading dot',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:subresource:scale:specpath=spec.replicas,statuspath=.status.replicas',
    error: `spec.subresources.scale.specReplicasPath: Invalid value: "spec.replicas": must be a simple json path starting with .`,
    at: 'subresource:scale',
    fix: ['specpath=spec.replicas', 'specpath=.spec.replicas'],
  },
  {
    name: 'deprecation warning longer than 256 characters',
    source: specWithSize,
    kindMarkers: `// +kubebuilder:deprecatedversion:warning="${'x'.repeat(257)}"`,
    error: `${V}.deprecationWarning: Invalid value: "${'x'.repeat(257)}": must be <= 256 characters long`,
    at: 'deprecatedversion:warning',
    fix: ['x'.repeat(257), 'x'.repeat(256)],
  },
  // list types
  {
    name: 'listMapKey that is neither required nor defaulted',
    source: spec(`  // +listType=map\n  // +listMapKey=name\n  ports?: Port[];`, 'export interface Port {\n  name?: string;\n  port: number;\n}\n'),
    error: `${P('ports')}.items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`,
    at: 'name?: string;',
    fix: ['name?: string;', 'name: string;'],
  },
  {
    name: 'listMapKey on an object field',
    source: spec(`  // +listType=map\n  // +listMapKey=target\n  routes?: Route[];`, 'export interface Target {\n  host?: string;\n}\nexport interface Route {\n  target: Target;\n}\n'),
    error: `${P('routes')}.items.properties[target].type: Invalid value: "object": must be a scalar type if parent array's x-kubernetes-list-type is map`,
    at: 'target: Target;',
    fix: ['target: Target;', 'target: string;'],
  },
  {
    name: 'listMapKey that names no item field',
    source: spec(`  // +listType=map\n  // +listMapKey=id\n  ports?: Port[];`, 'export interface Port {\n  name: string;\n}\n'),
    error: `${P('ports')}.x-kubernetes-list-map-keys: Invalid value: ["id"]: entries must all be names of item properties`,
    at: '+listMapKey=id',
    fix: ['listMapKey=id', 'listMapKey=name'],
  },
  {
    name: 'listType=set over objects that are not atomic',
    source: spec(`  // +listType=set\n  ports?: Port[];`, 'export interface Port {\n  name: string;\n}\n'),
    error: `${P('ports')}.items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set`,
    at: 'export interface Port {',
    fix: ['+listType=set', '+listType=atomic'],
  },
  {
    name: 'nullable listMapKey',
    source: spec(`  // +listType=map\n  // +listMapKey=name\n  ports?: Port[];`, 'export interface Port {\n  // +nullable\n  name: string;\n}\n'),
    error: `${P('ports')}.items.properties[name].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable`,
    at: '// +nullable',
    fix: ['// +nullable\n', ''],
  },
  // OpenAPI rules
  {
    name: 'UniqueItems',
    source: spec(`  // +kubebuilder:validation:UniqueItems=true\n  tags?: string[];`),
    error: `${P('tags')}.uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
    at: 'UniqueItems=true',
    fix: ['UniqueItems=true', 'UniqueItems=false'],
  },
  {
    name: 'Type that is not an OpenAPI type',
    source: spec(`  // +kubebuilder:validation:Type=int\n  size?: number;`),
    error: `${P('size')}.type: Unsupported value: "int": supported values: "array", "boolean", "integer", "number", "object", "string"`,
    at: 'Type=int',
    fix: ['Type=int', 'Type=integer'],
  },
  {
    name: 'Type=null',
    source: spec(`  // +kubebuilder:validation:Type=null\n  nothing?: string;`),
    error: `${P('nothing')}.type: Forbidden: type cannot be set to null, use nullable as an alternative`,
    at: 'Type=null',
    fix: ['Type=null', 'Type=string'],
  },
  {
    name: 'embedded resource without properties',
    source: spec(`  // +kubebuilder:validation:EmbeddedResource\n  template?: Template;`, 'export interface Template {}\n'),
    error: `${P('template')}.properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields`,
    at: 'template?: Template;',
    fix: ['  template?: Template;', '  // +kubebuilder:pruning:PreserveUnknownFields\n  template?: Template;'],
  },
  {
    name: 'int-or-string that also preserves unknown fields',
    source: spec(`  // +kubebuilder:validation:XIntOrString\n  // +kubebuilder:pruning:PreserveUnknownFields\n  port?: string;`),
    error: `${P('port')}.x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true`,
    at: 'PreserveUnknownFields',
    fix: ['  // +kubebuilder:pruning:PreserveUnknownFields\n', ''],
  },
  {
    name: 'kind name with an underscore',
    source: specWithSize,
    kind: 'My_Widget',
    error: `spec.names.kind: Invalid value: "My_Widget": may have mixed case, but should otherwise match: ${DNS1035}`,
    at: 'export interface My_Widget',
    fix: ['My_Widget', 'MyWidget'],
  },
  // the internal form: versions that differ keep their own paths (spec.versions[i]...)
  {
    name: 'default above Maximum in one of two versions whose schemas differ',
    source: spec(`  // +kubebuilder:validation:Maximum=10\n  // +kubebuilder:default=100\n  size?: number;`),
    extraVersion: spec(`  size?: number;\n  color?: string;`),
    error: `spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].default: Invalid value: 100:  in body should be less than or equal to 10`,
    at: '+kubebuilder:default=100',
    fix: ['default=100', 'default=10'],
  },
  // the root of a schema with the status subresource
  {
    name: 'root with MinProperties while the status subresource is on',
    source: specWithSize,
    kindMarkers: '// +kubebuilder:subresource:status\n// +kubebuilder:validation:MinProperties=1',
    error: `${SCHEMA}: Invalid value: {"ID":"","Schema":"","Ref":null,"Description":"Widget is the kind under test.","Type":"object", … "MinProperties":1,"Required":null, … "XValidations":null}: only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled`,
    at: '+kubebuilder:validation:MinProperties=1',
    fix: ['// +kubebuilder:validation:MinProperties=1', ''],
  },
  // API approval of community groups
  {
    name: 'k8s.io group without the api-approved.kubernetes.io annotation',
    source: specWithSize,
    packageMarkers: '// +groupName=widgets.x-k8s.k8s.io',
    kindMarkers: '// +kubebuilder:metadata:annotations="example.com/owner=team-a"',
    manifestsWarns: true,
    error: 'metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
    at: '+kubebuilder:metadata:annotations',
    fix: ['example.com/owner=team-a', 'api-approved.kubernetes.io=https://github.com/kubernetes/enhancements/pull/1111'],
  },
  {
    name: 'kubernetes.io group whose api-approved.kubernetes.io annotation is neither a URL nor unapproved',
    source: specWithSize,
    packageMarkers: '// +groupName=widgets.kubernetes.io',
    kindMarkers: '// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=yes"',
    error: 'metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111',
    at: '+kubebuilder:metadata:annotations',
    fix: ['api-approved.kubernetes.io=yes', 'api-approved.kubernetes.io=unapproved, experimental'],
  },
  // defaults run the CEL rules of their schema (defaulting.ValidateDefaults)
  {
    name: 'default that breaks the XValidation rule of its field',
    source: spec(`  // +kubebuilder:validation:XValidation:rule="self <= 10",message="at most 10"\n  // +kubebuilder:default=100\n  size?: int32;`, "import type { int32 } from 'kubescaffolder/runtime';\n"),
    error: `${P('size')}.default: Invalid value: 100: at most 10`,
    at: '+kubebuilder:default=100',
    fix: ['default=100', 'default=10'],
  },
  {
    name: 'default object that breaks a rule of one of its fields',
    source: spec(`  // +kubebuilder:default={port: 0}\n  endpoint?: Endpoint;`, 'export interface Endpoint {\n  // +kubebuilder:validation:XValidation:rule="self > 0"\n  port?: number;\n}\n'),
    error: `${P('endpoint')}.default.port: Invalid value: 0: failed rule: self > 0`,
    at: '+kubebuilder:default={port: 0}',
    fix: ['{port: 0}', '{port: 80}'],
  },
  {
    name: 'default that breaks a rule on the type of its field',
    source: spec(`  // +kubebuilder:default={min: 5, max: 1}\n  range?: Range;`, '// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max"\nexport interface Range {\n  min: number;\n  max: number;\n}\n'),
    error: `${P('range')}.default: Invalid value: min must not exceed max`,
    at: '+kubebuilder:default={min: 5, max: 1}',
    fix: ['{min: 5, max: 1}', '{min: 1, max: 5}'],
  },
  // embedded resources in defaults: their metadata is an ObjectMeta (objectmeta.Validate)
  {
    name: 'default embedded resource whose metadata.name is not a path segment',
    source: spec(`  // +kubebuilder:validation:EmbeddedResource\n  // +kubebuilder:default={apiVersion: "v1", kind: "ConfigMap", metadata: {name: "conf/main"}}\n  template?: Template;`, TEMPLATE),
    error: `${P('template')}.default.metadata.name: Invalid value: "conf/main": may not contain '/'`,
    at: '+kubebuilder:default={apiVersion: "v1"',
    fix: ['conf/main', 'conf-main'],
  },
  {
    name: 'default embedded resource whose label key is not a qualified name',
    source: spec(`  // +kubebuilder:validation:EmbeddedResource\n  // +kubebuilder:default={apiVersion: "v1", kind: "ConfigMap", metadata: {labels: {"team/blue/x": "a"}}}\n  template?: Template;`, TEMPLATE),
    error: `${P('template')}.default.metadata.labels: Invalid value: "team/blue/x": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    at: '+kubebuilder:default={apiVersion: "v1"',
    fix: ['team/blue/x', 'team.example.com/blue'],
  },
  // defaults inside an embedded resource's metadata must make valid metadata
  {
    name: 'default of an embedded resource\'s metadata with a label value that is not one',
    source: spec(`  // +kubebuilder:validation:EmbeddedResource\n  template?: Template;`, TEMPLATE.replace('  metadata?: ObjectMeta;', '  // +kubebuilder:default={labels: {app: "web server"}}\n  metadata?: ObjectMeta;')),
    error: `${P('template')}.properties[metadata].default: Invalid value: {"labels":{"app":"web server"}}: must result in valid metadata: metadata.labels: Invalid value: "web server": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    at: '+kubebuilder:default={labels: {app: "web server"}}',
    fix: ['web server', 'web-server'],
  },
  {
    name: 'default of an embedded resource\'s metadata whose labels are not strings',
    source: spec(`  // +kubebuilder:validation:EmbeddedResource\n  template?: Template;`, TEMPLATE.replace('  metadata?: ObjectMeta;', '  // +kubebuilder:default={labels: {replicas: 3}}\n  metadata?: ObjectMeta;')),
    error: `${P('template')}.properties[metadata].default: Invalid value: {"labels":{"replicas":3}}: must result in valid metadata: metadata: Invalid value: {"labels":{"replicas":3}}: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string`,
    at: '+kubebuilder:default={labels: {replicas: 3}}',
    fix: ['replicas: 3}', 'replicas: "3"}'],
  },
  // fields named by CEL's lexer keywords: reached as self.__in__, refused as self.in (src/kube/cel/keyword-selection.ts)
  {
    name: 'rule testing a field called in with has()',
    source: specWithKeywordRule('in', '!has(self.in)'),
    error: keywordRuleError('!has(self.in)', [
      [6, 'invalid argument to has() macro'],
      [11, "Syntax error: no viable alternative at input '.in'"],
      [13, `Syntax error: mismatched input ')' expecting ${OPERAND_START}`],
    ]),
    at: 'XValidation:rule=',
    fix: ['rule="!has(self.in)"', 'rule="!has(self.__in__)"'],
  },
  {
    name: 'rule comparing a field called in twice',
    source: specWithKeywordRule('in', "self.in == 'east' || self.in == 'west'"),
    error: keywordRuleError("self.in == 'east' || self.in == 'west'", [
      [6, "Syntax error: no viable alternative at input '.in'"],
      [9, `Syntax error: extraneous input '==' expecting ${OPERAND_START}`],
      [27, "Syntax error: no viable alternative at input '.in'"],
      [30, `Syntax error: extraneous input '==' expecting ${OPERAND_START}`],
    ]),
    at: 'XValidation:rule=',
    fix: ['self.in ', 'self.__in__ '],
  },
  {
    name: 'rule calling a method of a field called null',
    source: specWithKeywordRule('null', "self.null.endsWith('x')"),
    error: keywordRuleError("self.null.endsWith('x')", [[6, "Syntax error: mismatched input 'null' expecting IDENTIFIER"]]),
    at: 'XValidation:rule=',
    fix: ['self.null.', 'self.__null__.'],
  },
  {
    name: 'rule testing a field called false with has() and using it',
    source: specWithKeywordRule('false', "!has(self.false) || self.false.startsWith('x')"),
    error: keywordRuleError("!has(self.false) || self.false.startsWith('x')", [
      [6, 'invalid argument to has() macro'],
      [11, "Syntax error: mismatched input 'false' expecting IDENTIFIER"],
      [26, "Syntax error: mismatched input 'false' expecting IDENTIFIER"],
    ]),
    at: 'XValidation:rule=',
    fix: ['self.false', 'self.__false__'],
  },
  {
    name: 'rule iterating over a list called namespace named as it is',
    source: spec('  // +kubebuilder:validation:MaxItems=10\n  // +kubebuilder:validation:items:MaxLength=63\n  namespace?: string[];').replace(
      'export interface WidgetSpec',
      `// +kubebuilder:validation:XValidation:rule="self.namespace.all(n, n.startsWith('team-'))"\nexport interface WidgetSpec`,
    ),
    // kube-apiserver's size estimate looks the field up by its escaped name (__namespace__): as it is, the list has no bound.
    error: `${S}.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`,
    at: 'XValidation:rule=',
    fix: ['self.namespace.all', 'self.__namespace__.all'],
  },
  // issue 27, judged by kube-apiserver 1.36

  {
    name: 'k8s.io group with no annotation at all',
    source: specWithSize,
    packageMarkers: '// +groupName=widgets.k8s.io',
    kindMarkers: '// +kubebuilder:resource:scope=Namespaced',
    manifestsWarns: true,
    error: 'metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
    at: '+groupName=widgets.k8s.io',
    fix: ['// +kubebuilder:resource:scope=Namespaced', '// +kubebuilder:resource:scope=Namespaced\n// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes/enhancements/pull/1111"'],
  },
];

/** Marker sets whose CRD kube-apiserver accepts, that `manifests` and the test server once refused. */
export interface AcceptedCase {
  name: string;
  /** The WidgetSpec declaration(s), as CorpusCase.source. */
  source: string;
  /** What was refused, and by what. */
  why: string;
  /** Specs of Widgets to create once the CRD is served: both servers must answer alike (the rules at work). */
  objects?: unknown[];
}

export const ACCEPTED: AcceptedCase[] = [
  {
    name: 'field declared again over an extended interface, with a built-in default',
    source:
      "import type { V1SecretKeySelector } from '@kubernetes/client-node';\nexport interface Base {\n  ref?: V1SecretKeySelector;\n}\n" +
      'export interface WidgetSpec extends Base {\n  ref?: V1SecretKeySelector;\n}\n',
    why: 'the two copies of V1SecretKeySelector wrote default: "" twice in allOf, which kube-apiserver refuses (allOf[0].default: must be undefined to be structural); they merge now, as controller-gen merges them (issue 27)',
  },
  {
    name: 'rule naming a field called namespace as it is',
    source: spec(`  namespace?: string;`).replace('export interface WidgetSpec', '// +kubebuilder:validation:XValidation:rule="!has(self.namespace)",message="namespace is set by the controller"\nexport interface WidgetSpec'),
    why: "a CEL reserved word names the field __namespace__; since 1.31 kube-apiserver resolves self.namespace to it (issue 27: undefined field 'namespace')",
    objects: [{}, { namespace: 'team-a' }],
  },
  {
    name: 'rule comparing fields called if and namespace',
    source: spec(`  if?: string;\n  namespace?: string;`).replace('export interface WidgetSpec', '// +kubebuilder:validation:XValidation:rule="self.if == self.__namespace__ || self.namespace == \'\'"\nexport interface WidgetSpec'),
    why: 'both spellings of a reserved word, plain and escaped',
    objects: [{ if: 'a', namespace: 'a' }, { if: 'a', namespace: 'b' }],
  },
  {
    name: 'rules naming fields called break, for, return and while as they are or escaped, and in, true and null escaped',
    source: spec(['break', 'for', 'return', 'while', 'in', 'true', 'null'].map((f) => `  ${f}?: string;`).join('\n')).replace(
      'export interface WidgetSpec',
      '// +kubebuilder:validation:XValidation:rule="!has(self.break) || self.break == self.__for__",message="break must equal for"\n' +
        '// +kubebuilder:validation:XValidation:rule="!has(self.__return__) || self.return.size() < 5 && self.while != \'x\'"\n' +
        '// +kubebuilder:validation:XValidation:rule="!has(self.__in__) || self.__in__ == self.__true__ || has(self.__null__)",message="in needs true or null"\n' +
        'export interface WidgetSpec',
    ),
    why: 'every CEL reserved word names its field __word__; the words the lexer does not make keywords may also be written as they are (kube-apiserver 1.31 on)',
    objects: [{}, { break: 'a', for: 'a' }, { break: 'a', for: 'b' }, { return: 'toolong', while: 'x' }, { in: 'a', true: 'a' }, { in: 'a', true: 'b' }, { in: 'a', null: 'n' }],
  },
  {
    name: 'failed rules on a string, an integer, a list and an object',
    source: spec(
      [
        '  // +kubebuilder:validation:XValidation:rule="self.startsWith(\'app-\')"',
        '  name?: string;',
        '  // +kubebuilder:validation:XValidation:rule="self < 10",message="too many"',
        '  replicas?: int32;',
        '  // +kubebuilder:validation:XValidation:rule="self.size() < 2"',
        '  tags?: string[];',
        '  // +kubebuilder:validation:XValidation:rule="self.port > 0",reason=FieldValueForbidden,fieldPath=".port"',
        '  endpoint?: Endpoint;',
      ].join('\n'),
      "import type { int32 } from 'kubescaffolder/runtime';\nexport interface Endpoint {\n  port?: number;\n}\n",
    ),
    why: 'the bad value a failed rule shows: the value of a scalar, nothing for a list or an object (1.35 on)',
    objects: [{ name: 'web', replicas: 12, tags: ['a', 'b'], endpoint: { port: 0 } }],
  },
];

/** An accepted case in the corpus' shape (nothing to fix), for the harness. */
export function acceptedCase(c: AcceptedCase): CorpusCase {
  return { name: c.name, source: c.source, error: '', at: '', fix: ['', ''] };
}

/** A CRD as a user may write it by hand (no markers can produce it), judged by both servers. */
export interface HandWrittenCase {
  name: string;
  crd: Record<string, unknown>;
  /** An update of `crd` (created first): then the update is what both servers judge. */
  next?: Record<string, unknown>;
}

function handWritten(group: string, versions: Record<string, unknown>[], spec: Record<string, unknown> = { type: 'object' }): Record<string, unknown> {
  const schema = { openAPIV3Schema: { type: 'object', properties: { spec } } };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `widgets.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: versions.map((v) => ({ served: true, storage: false, schema, ...v })),
    },
  };
}

export const HAND_WRITTEN: HandWrittenCase[] = [
  { name: 'two storage versions', crd: handWritten('storage.example.com', [{ name: 'v1', storage: true }, { name: 'v2', storage: true }]) },
  { name: 'no storage version', crd: handWritten('storage.example.com', [{ name: 'v1' }, { name: 'v2' }]) },
  { name: 'two versions of one name', crd: handWritten('names.example.com', [{ name: 'v1', storage: true }, { name: 'v1' }]) },
  {
    name: 'versions whose schemas, columns and subresources differ, two of one name',
    crd: handWritten('differ.example.com', [
      { name: 'v1', storage: true, deprecated: true, deprecationWarning: 'use v2', subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } } },
      { name: 'v1', schema: { openAPIV3Schema: { type: 'object', description: 'a <b> & c' } }, additionalPrinterColumns: [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', priority: 1 }] },
    ]),
  },
  {
    name: 'a second storage version on update',
    crd: handWritten('update.example.com', [{ name: 'v1', storage: true }, { name: 'v2' }]),
    next: handWritten('update.example.com', [{ name: 'v1', storage: true }, { name: 'v2', storage: true }]),
  },
  {
    name: 'the stored version removed on update',
    crd: handWritten('update.example.com', [{ name: 'v1', storage: true }]),
    next: handWritten('update.example.com', [{ name: 'v2', storage: true }]),
  },
  {
    name: 'two defaults in allOf under a property',
    crd: handWritten('allof.example.com', [{ name: 'v1', storage: true }], { type: 'object', properties: { name: { type: 'string', allOf: [{ default: '' }, { default: '' }] } } }),
  },
  {
    name: 'rule selecting a field called in (a CEL keyword)',
    crd: handWritten('keyword.example.com', [{ name: 'v1', storage: true }], { type: 'object', properties: { in: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: '!has(self.in)' }] }),
  },
];
