/**
 * A random API model from a seed: kinds, nested structs, pointers and optionals, lists, maps,
 * built-in types, enums, and every marker family `manifests` shares with controller-gen. Every
 * marker written is one both tools accept (defaults satisfy their field's validation, rules type-check
 * and stay within CEL's cost budget), so any difference in the CRDs is a difference of the tools.
 */
import { type AliasType, type ApiModel, type Builtin, DOC_TAG, type Field, goName, type Kind, type Scalar, type StructType, type TypeRef, type Version } from './model.js';
import { Random } from './random.js';

const KIND_NAMES = ['Widget', 'Gadget', 'Sprocket', 'Lantern', 'Harbor', 'Meadow', 'Signal', 'Tunnel', 'Beacon', 'Orchard'];
const FIELD_WORDS = ['size', 'mode', 'name', 'target', 'limit', 'replicas', 'config', 'image', 'port', 'path', 'phase', 'zone', 'tier', 'owner', 'window', 'budget', 'weight', 'labels', 'entries', 'policy', 'namespace', 'source', 'timeout', 'region'];
const DOC_WORDS = ['holds', 'the', 'value', 'used', 'when', 'reconciling', 'this', 'object', 'and', 'its', 'children', 'of', 'a', 'field'];
const STRING_FORMATS = ['hostname', 'uri', 'date-time', 'uuid', 'email'];
/** Built-in types a plain field may have (PodTemplateSpec is rarer: its schema is large). */
const FIELD_BUILTINS: Builtin[] = ['SecretKeySelector', 'LocalObjectReference', 'ResourceRequirements', 'LabelSelector', 'Time', 'Duration', 'IntOrString', 'Quantity', 'ObjectMeta', 'RawExtension', 'Bytes'];
/** Built-in structs a struct may embed inline. */
const EMBEDDABLE: Builtin[] = ['LocalObjectReference', 'SecretKeySelector', 'ObjectMeta'];

interface Names {
  structs: Set<string>;
}

class ModelGenerator {
  private docCount = 0;

  constructor(private readonly r: Random) {}

  doc(p = 0.7): string | undefined {
    if (!this.r.chance(p)) return undefined;
    const words = this.r.some(DOC_WORDS, this.r.int(2, 6)).join(' ');
    const first = `${DOC_TAG}${++this.docCount} ${words}.`;
    return this.r.chance(0.3) ? `${first}\nIt spans ${this.r.int(2, 9)} lines.` : first;
  }

  model(): ApiModel {
    const r = this.r;
    const kindNames = r.some(KIND_NAMES, r.int(1, 4));
    const resourceMarkers = new Map(kindNames.map((k) => [k, this.resourceMarker(k)]));
    const versionNames = r.chance(0.3) ? ['v1', 'v2'] : [r.pick(['v1', 'v1alpha1', 'v1beta1'])];
    const versions: Version[] = versionNames.map((name) => ({ name, packageMarkers: [], kinds: [], structs: [], aliases: [] }));
    const kindVersions = new Map<string, Version[]>();
    for (const k of kindNames) {
      const in2 = versions.length === 1 ? versions : r.pick([versions, versions, [versions[0]], [versions[1]]]);
      kindVersions.set(k, in2);
    }
    for (const v of versions) {
      if (r.chance(0.15)) v.packageMarkers.push('+kubebuilder:validation:Optional');
      else if (r.chance(0.1)) v.packageMarkers.push('+kubebuilder:validation:Required');
      if (r.chance(0.1)) {
        v.folder = `api${v.name}`;
        v.packageMarkers.push(`+versionName=${v.name}`);
      }
      const names: Names = { structs: new Set() };
      if (r.chance(0.5)) v.aliases.push(this.alias('Mode', names));
      if (r.chance(0.25)) v.aliases.push(this.intAlias('Port', names));
      if (r.chance(0.25)) v.aliases.push(this.listAlias('Tags', names));
      for (const k of kindNames) {
        const vs = kindVersions.get(k)!;
        if (!vs.includes(v)) continue;
        v.kinds.push(this.kind(k, v, names, resourceMarkers.get(k), vs));
      }
    }
    for (const v of versions) dropRulesUnderUnboundedLists(v);
    return { versions };
  }

  resourceMarker(kind: string): string | undefined {
    const r = this.r;
    const args: string[] = [];
    if (r.chance(0.3)) args.push('scope=Cluster');
    if (r.chance(0.3)) args.push(`shortName=${kind.slice(0, 3).toLowerCase()}${r.chance(0.5) ? `;${kind.slice(0, 2).toLowerCase()}x` : ''}`);
    if (r.chance(0.2)) args.push(`categories=${r.pick(['all', 'toys', 'all;toys'])}`);
    if (r.chance(0.1)) args.push(`singular=${kind.toLowerCase()}`);
    if (r.chance(0.08)) args.push(`path=${kind.toLowerCase()}z`);
    return args.length ? `+kubebuilder:resource:${args.join(',')}` : undefined;
  }

  alias(base: string, names: Names): AliasType {
    const r = this.r;
    const name = unique(base, names.structs);
    const markers: string[] = [];
    const constants: string[] = [];
    switch (r.int(0, 2)) {
      case 0:
        markers.push('+kubebuilder:validation:Enum=Fast;Slow;Off');
        constants.push('Fast', 'Slow', 'Off');
        break;
      case 1:
        markers.push('+k8s:enum');
        constants.push('Red', 'Green');
        break;
      default:
        markers.push(`+kubebuilder:validation:MaxLength=${r.int(8, 40)}`);
        if (r.chance(0.5)) markers.push('+kubebuilder:validation:Pattern=`^[a-z]+$`');
        constants.push('abc');
    }
    return { name, of: 'string', doc: this.doc(0.6), markers, constants };
  }

  /** A named int32 with bounds at the type. */
  intAlias(base: string, names: Names): AliasType {
    const r = this.r;
    const markers = [`+kubebuilder:validation:Minimum=${r.int(0, 1)}`];
    if (r.chance(0.6)) markers.push('+kubebuilder:validation:Maximum=65535');
    if (r.chance(0.2)) markers.push('+kubebuilder:validation:ExclusiveMaximum=true');
    return { name: unique(base, names.structs), of: 'int32', doc: this.doc(0.6), markers, constants: ['80'] };
  }

  /** A named list of strings with item validation and its list type at the type. */
  listAlias(base: string, names: Names): AliasType {
    const r = this.r;
    const markers = [`+kubebuilder:validation:MaxItems=${r.int(4, 12)}`];
    if (r.chance(0.6)) markers.push(`+listType=${r.pick(['set', 'atomic'])}`);
    if (r.chance(0.4)) markers.push(`+kubebuilder:validation:items:MaxLength=${r.int(8, 30)}`);
    return { name: unique(base, names.structs), of: 'list', doc: this.doc(0.6), markers, constants: [] };
  }

  kind(name: string, v: Version, names: Names, resource: string | undefined, versions: Version[]): Kind {
    const r = this.r;
    names.structs.add(name);
    names.structs.add(`${name}List`);
    const scale = r.chance(0.15);
    const withStatus = scale || r.chance(0.6);
    const spec = this.struct(`${name}Spec`, v, names, 0, scale ? [{ json: 'replicas', type: { t: 'scalar', name: 'int32' }, optional: true, pointer: true, markers: [], doc: this.doc() }] : []);
    // A transition rule, where oldSelf is correlatable (not under a list).
    const unsettable = spec.fields.find((f) => f.optional && !f.markers.some((mk) => /required|Required/.test(mk)));
    const scalar = spec.fields.find((f) => f.type.t === 'scalar' && !f.markers.some((mk) => mk.includes('Format=')));
    if (scalar && r.chance(0.12)) scalar.markers.push('+kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="immutable once set",optionalOldSelf=true');
    if (unsettable && r.chance(0.2)) spec.markers.push(`+kubebuilder:validation:XValidation:rule="!has(oldSelf.${unsettable.json}) || has(self.${unsettable.json})",message="${unsettable.json} cannot be unset"`);
    const status = withStatus
      ? this.struct(`${name}Status`, v, names, 1, scale ? [
        { json: 'replicas', type: { t: 'scalar', name: 'int32' }, optional: true, pointer: false, markers: [], doc: this.doc() },
        { json: 'selector', type: { t: 'scalar', name: 'string' }, optional: true, pointer: false, markers: [], doc: this.doc() },
      ] : [])
      : undefined;
    const markers: string[] = [];
    if (resource) markers.push(resource);
    if (withStatus && r.chance(0.7)) markers.push('+kubebuilder:subresource:status');
    if (scale) markers.push('+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector');
    if (versions.length > 1) {
      if (versions[0] === v) markers.push('+kubebuilder:storageversion');
      else {
        if (r.chance(0.4)) markers.push(r.pick(['+kubebuilder:deprecatedversion', '+kubebuilder:deprecatedversion:warning="use the other version"']));
        // Not skipped with a subresource: controller-gen applies a kind's markers in map order, so the
        // subresource marker of a skipped version fails or not from run to run (campaign seeds 1144, 1183).
        if (r.chance(0.3)) {
          const unserved = r.chance(0.75) || markers.some((mk) => mk.startsWith('+kubebuilder:subresource:'));
          markers.push(unserved ? '+kubebuilder:unservedversion' : '+kubebuilder:skipversion');
        }
      }
    } else if (r.chance(0.2)) markers.push('+kubebuilder:storageversion');
    const scalarPaths = (s: StructType | undefined, prefix: string) =>
      (s?.fields ?? []).filter((f) => f.type.t === 'scalar').map((f) => ({ path: `${prefix}.${f.json}`, type: (f.type as { name: Scalar }).name }));
    // (A skipped version takes no columns or selectable fields: both tools refuse them, the version not being in the CRD.)
    const skipped = markers.includes('+kubebuilder:skipversion');
    const columns = skipped ? [] : [...scalarPaths(spec, '.spec'), ...scalarPaths(status, '.status')];
    for (const c of r.some(columns, r.int(0, 3))) {
      const type = c.type === 'string' ? 'string' : c.type === 'bool' ? 'boolean' : 'integer';
      const extra = r.chance(0.3) ? `,priority=${r.int(0, 1)}` : '';
      const description = r.chance(0.2) ? ',description="shown wide"' : '';
      const format = type !== 'boolean' && r.chance(0.2) ? `,format=${type === 'integer' ? r.pick(['int32', 'int64']) : r.pick(['password', 'byte'])}` : '';
      markers.push(`+kubebuilder:printcolumn:name="${goName(c.path.split('.').pop()!)}",type=${type},JSONPath="${c.path}"${extra}${description}${format}`);
    }
    if (!skipped && r.chance(0.2)) markers.push('+kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"');
    const selectable = skipped ? [] : scalarPaths(spec, '.spec').filter((c) => c.type === 'string');
    if (selectable.length && r.chance(0.15)) markers.push(`+kubebuilder:selectablefield:JSONPath=${r.pick(selectable).path}`);
    if (r.chance(0.1)) markers.push('+kubebuilder:metadata:labels="example.com/tier=gold"');
    if (r.chance(0.08)) markers.push('+kubebuilder:metadata:annotations="example.com/owner=team-a"');
    if (r.chance(0.15)) markers.push('+kubebuilder:validation:XValidation:rule="self.metadata.name.size() <= 63",message="name too long"');
    return { name, doc: this.doc(0.8), markers, spec: spec.name, specOptional: r.chance(0.7), status: status?.name };
  }

  /** A struct named after `base` with 1 to 7 fields (plus `extra`), registered in `v`. */
  struct(base: string, v: Version, names: Names, depth: number, extra: Field[] = []): StructType {
    const r = this.r;
    const name = unique(base, names.structs);
    const s: StructType = { name, doc: this.doc(0.6), markers: [], fields: [], embeds: [] };
    v.structs.push(s);
    const used = new Set(extra.map((f) => f.json));
    if (depth < 2 && extra.length === 0 && r.chance(0.15)) {
      const embedded = this.struct(`${name}Base`, v, names, 3);
      for (const json of jsonNames(embedded, v)) used.add(json);
      s.embeds.push(embedded.name);
      // A field of the embedded struct declared again (Go: the outer one shadows it; both tools merge the two).
      // (Lists, maps and int-or-string would conflict in both: items and anyOf are not merged, and kube-apiserver refuses the allOf.)
      const again = embedded.fields.filter((f) => f.type.t !== 'list' && f.type.t !== 'map' && !(f.type.t === 'builtin' && ['IntOrString', 'Quantity', 'Bytes'].includes(f.type.name)));
      if (again.length && r.chance(0.4)) s.fields.push({ ...r.pick(again), doc: this.doc(), markers: [] });
    } else if (depth >= 1 && extra.length === 0 && r.chance(0.08)) {
      const builtin = r.pick(EMBEDDABLE);
      s.embeds.push(`builtin:${builtin}`);
      for (const json of EMBEDDED_FIELDS[builtin]!) used.add(json);
    }
    s.fields.push(...extra);
    const count = depth >= 3 ? r.int(1, 2) : depth >= 1 && r.chance(0.05) ? 0 : r.int(1, 7 - depth * 2);
    for (let i = 0; i < count; i++) s.fields.push(this.field(name, v, names, depth, used));
    this.structMarkers(s, v);
    return s;
  }

  field(owner: string, v: Version, names: Names, depth: number, used: Set<string>): Field {
    const r = this.r;
    const json = unique(r.pick(FIELD_WORDS), used);
    const type = this.typeRef(owner + goName(json), v, names, depth, 'field');
    const optional = r.chance(0.6);
    const pointer = (type.t === 'scalar' || type.t === 'struct' || type.t === 'builtin' || type.t === 'alias') && r.chance(optional ? 0.5 : 0.15);
    const f: Field = { json, type, optional, pointer, doc: this.doc(), markers: [] };
    this.fieldMarkers(f, v);
    return f;
  }

  typeRef(base: string, v: Version, names: Names, depth: number, where: 'field' | 'items' | 'value'): TypeRef {
    const r = this.r;
    const roll = r.next();
    if (roll < 0.4) return { t: 'scalar', name: r.pick(['string', 'string', 'int32', 'int64', 'bool'] as Scalar[]) };
    if (roll < 0.48 && v.aliases.length) return { t: 'alias', name: r.pick(v.aliases).name };
    if (roll < 0.62 && depth < 3) return { t: 'struct', name: this.struct(base, v, names, depth + 1).name };
    if (roll < 0.72) {
      if (where === 'items') return { t: 'builtin', name: r.pick(['Toleration', 'Condition', 'LocalObjectReference'] as Builtin[]) };
      if (where === 'value') return { t: 'builtin', name: 'Quantity' };
      return { t: 'builtin', name: r.chance(0.05) ? 'PodTemplateSpec' : r.pick(FIELD_BUILTINS) };
    }
    if (roll < 0.88 && where !== 'items' && depth < 4) return { t: 'list', of: this.typeRef(`${base}Item`, v, names, depth + 1, 'items') };
    if (depth < 4 && where === 'field') return { t: 'map', of: this.typeRef(`${base}Value`, v, names, depth + 1, 'value') };
    return { t: 'scalar', name: 'string' };
  }

  /** Validation, defaults, list and map types, optionality, for the field's type. */
  fieldMarkers(f: Field, v: Version): void {
    const r = this.r;
    const m = f.markers;
    const t = f.type;
    if (f.optional && r.chance(0.15)) m.push(r.pick(['+required', '+kubebuilder:validation:Required', '+k8s:required']));
    else if (!f.optional && r.chance(0.15)) m.push(r.pick(['+optional', '+kubebuilder:validation:Optional', '+k8s:optional']));
    if (f.pointer && r.chance(0.2)) m.push('+nullable');
    if (r.chance(0.03)) m.push(`+kubebuilder:title=${r.pick(['Title', '"Quoted title"'])}`);
    if (r.chance(0.03)) m.push('+kubebuilder:externalDocs:url="https://example.com/docs",description="More"');
    if (t.t === 'scalar') m.push(...this.scalarMarkers(t.name, '+kubebuilder:validation:', true));
    else if (t.t === 'alias') {
      const alias = v.aliases.find((a) => a.name === t.name)!;
      if (r.chance(0.3)) m.push(`+kubebuilder:default=${alias.of === 'list' ? '{a,b}' : alias.constants[0]}`);
    } else if (t.t === 'struct') {
      const s = v.structs.find((x) => x.name === t.name)!;
      // A default of {} must pass the struct's own validation: no required field, no oneOf asking for one.
      const noRequired = s.fields.every((x) => x.optional && !x.markers.some((mk) => /required|Required/.test(mk))) && s.embeds.length === 0 &&
        !v.packageMarkers.includes('+kubebuilder:validation:Required') && !s.markers.some((mk) => /ExactlyOneOf|AtLeastOneOf/.test(mk));
      // Schemaless: the field's schema is dropped for `type: object` keeping unknown fields.
      if (r.chance(0.02)) {
        m.push('+kubebuilder:validation:Schemaless', '+kubebuilder:pruning:PreserveUnknownFields', '+kubebuilder:validation:Type=object');
        return;
      }
      if (noRequired && r.chance(0.2)) m.push('+kubebuilder:default={}');
      // (MinProperties on a struct-typed field is refused by both: the field's schema is a reference there.)
      if (r.chance(0.05)) m.push(`+structType=${r.pick(['atomic', 'granular'])}`);
      if (r.chance(0.04)) m.push('+kubebuilder:pruning:PreserveUnknownFields');
      const rule = this.rule(s, v);
      if (rule && r.chance(0.2)) m.push(rule);
    } else if (t.t === 'builtin') {
      if (t.name === 'IntOrString' && r.chance(0.3)) m.push(`+kubebuilder:default=${r.pick(['8080', 'http'])}`);
      if (t.name === 'Quantity' && r.chance(0.2)) m.push('+kubebuilder:default="1Gi"');
      if (t.name === 'RawExtension' && r.chance(0.3)) m.push('+kubebuilder:validation:EmbeddedResource');
    } else if (t.t === 'list') {
      const item = t.of;
      const structItems = item.t === 'struct' || item.t === 'builtin' || item.t === 'list';
      if (structItems || r.chance(0.4)) m.push(`+kubebuilder:validation:MaxItems=${r.int(3, 16)}`);
      if (r.chance(0.2)) m.push(`+kubebuilder:validation:MinItems=${r.int(0, 1)}`);
      if (item.t === 'scalar') {
        if (r.chance(0.4)) m.push(`+listType=${r.pick(['atomic', 'set'])}`);
        const items = this.scalarMarkers(item.name, '+kubebuilder:validation:items:', false);
        m.push(...items);
        if (item.name === 'string' && items.length === 0 && r.chance(0.2)) m.push('+kubebuilder:default={a,b}');
      } else if (item.t === 'builtin' && item.name === 'Condition') {
        if (r.chance(0.7)) m.push('+listType=map', '+listMapKey=type');
      } else if (item.t === 'struct') {
        const s = v.structs.find((x) => x.name === item.name)!;
        const keys = s.fields.filter((x) => x.type.t === 'scalar' && (x.type.name === 'string' || x.type.name === 'int32') && !x.optional && !x.pointer && x.markers.every((mk) => !/Optional|optional|default/.test(mk)));
        const mapList = !v.packageMarkers.includes('+kubebuilder:validation:Optional') && r.chance(0.5);
        // A key, or a second one: the item struct is this list's own, so a required string field may join it.
        if (mapList && keys.length < 2 && r.chance(0.35)) {
          const key: Field = { json: unique('zone', new Set(jsonNames(s, v))), type: { t: 'scalar', name: 'string' }, optional: false, pointer: false, markers: [] };
          s.fields.push(key);
          keys.push(key);
        }
        if (mapList && keys.length) {
          m.push('+listType=map', ...keys.slice(0, 2).map((k) => `+listMapKey=${k.json}`));
        } else if (r.chance(0.3)) m.push('+listType=atomic');
        const rule = this.rule(s, v);
        if (rule && r.chance(0.15)) m.push(rule.replace('+kubebuilder:validation:XValidation:', '+kubebuilder:validation:items:XValidation:'));
      }
    } else if (t.t === 'map') {
      const structValues = t.of.t === 'struct' || t.of.t === 'builtin' || t.of.t === 'list';
      if (structValues || r.chance(0.3)) m.push(`+kubebuilder:validation:MaxProperties=${r.int(4, 20)}`);
      if (r.chance(0.2)) m.push('+kubebuilder:validation:MinProperties=1');
      if (r.chance(0.2)) m.push(`+mapType=${r.pick(['atomic', 'granular'])}`);
    }
  }

  /** Validation of a string, integer or boolean (items: under `items:`), with a default that satisfies it. */
  scalarMarkers(type: Scalar, prefix: string, withDefault: boolean): string[] {
    const r = this.r;
    const m: string[] = [];
    let defaultValue: string | undefined;
    if (type === 'string') {
      if (r.chance(0.15)) {
        m.push(`${prefix}Enum=alpha;beta;gamma`);
        defaultValue = 'beta';
      } else {
        defaultValue = 'abc';
        if (r.chance(0.25)) m.push(`${prefix}MinLength=${r.int(1, 3)}`);
        if (r.chance(0.3)) m.push(`${prefix}MaxLength=${r.int(10, 64)}`);
        if (r.chance(0.2)) m.push(`${prefix}Pattern=\`^[a-z0-9]+$\``);
        if (r.chance(0.1)) {
          m.push(`${prefix}Format=${r.pick(STRING_FORMATS)}`);
          defaultValue = undefined;
        }
      }
      if (withDefault && defaultValue && r.chance(0.25)) m.push(r.chance(0.7) ? `+kubebuilder:default=${defaultValue}` : `+default="${defaultValue}"`);
      if (withDefault && r.chance(0.05)) m.push(`+kubebuilder:example=${defaultValue ?? 'abc'}`);
    } else if (type === 'bool') {
      if (withDefault && r.chance(0.3)) m.push(`+kubebuilder:default=${r.pick(['true', 'false'])}`);
    } else {
      if (r.chance(0.15)) {
        m.push(`${prefix}Enum=1;2;4`);
        defaultValue = '2';
      } else {
        defaultValue = '10';
        if (r.chance(0.3)) {
          m.push(`${prefix}Minimum=${r.int(0, 5)}`);
          if (r.chance(0.3)) m.push(`${prefix}ExclusiveMinimum=true`);
        }
        if (r.chance(0.3)) {
          m.push(`${prefix}Maximum=${r.int(100, 1000)}`);
          if (r.chance(0.3)) m.push(`${prefix}ExclusiveMaximum=true`);
        }
        if (r.chance(0.1)) m.push(`${prefix}MultipleOf=${r.pick([1, 2, 5])}`);
      }
      if (withDefault && r.chance(0.25)) m.push(r.chance(0.7) ? `+kubebuilder:default=${defaultValue}` : `+default=${defaultValue}`);
    }
    return m;
  }

  /** An XValidation rule naming a field of `s` (guarded by has() when the field may be absent). */
  rule(s: StructType, v: Version): string | undefined {
    const r = this.r;
    const candidates = s.fields.filter((f) => f.type.t !== 'builtin' && f.type.t !== 'alias');
    if (!candidates.length) return undefined;
    const f = r.pick(candidates);
    const sel = `self.${r.chance(0.2) && f.json === 'namespace' ? '__namespace__' : f.json}`;
    let test: string;
    switch (f.type.t) {
      case 'scalar':
        // (A string with a format may be a timestamp or bytes in CEL: no size() there.)
        if (f.type.name === 'string') test = f.markers.some((mk) => mk.includes('Format=')) ? `${sel} == ${sel}` : `${sel}.size() >= 0`;
        else test = f.type.name === 'bool' ? `${sel} || !${sel}` : `${sel} >= 0`;
        break;
      case 'list':
      case 'map':
        test = `${sel}.size() >= 0`;
        break;
      default:
        test = `${sel} == ${sel}`;
    }
    const packageOptional = v.packageMarkers.includes('+kubebuilder:validation:Optional');
    const mayBeAbsent = f.optional || packageOptional || f.markers.some((mk) => /optional|Optional/.test(mk));
    const expr = mayBeAbsent ? `!has(${sel}) || ${test}` : test;
    const args = [`rule="${expr}"`];
    if (r.chance(0.5)) args.push(`message="${f.json} is checked"`);
    else if (r.chance(0.2)) args.push(`messageExpression="'${f.json} is checked'"`);
    if (r.chance(0.2)) args.push(`reason=${r.pick(['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'])}`);
    if (r.chance(0.2)) args.push(`fieldPath=".${f.json}"`);
    return `+kubebuilder:validation:XValidation:${args.join(',')}`;
  }

  structMarkers(s: StructType, v: Version): void {
    const r = this.r;
    if (r.chance(0.3)) {
      const rule = this.rule(s, v);
      if (rule) s.markers.push(rule);
    }
    const optionalFields = s.fields.filter((f) => f.optional && !f.markers.some((mk) => /required|Required|default/.test(mk)) && !v.packageMarkers.includes('+kubebuilder:validation:Optional'));
    if (optionalFields.length >= 2 && r.chance(0.15)) {
      const kind = r.pick(['AtMostOneOf', 'ExactlyOneOf', 'AtLeastOneOf']);
      s.markers.push(`+kubebuilder:validation:${kind}=${r.some(optionalFields, 2).map((f) => f.json).join(';')}`);
    }
    if (r.chance(0.05)) s.markers.push('+kubebuilder:validation:MinProperties=0');
  }
}

/** The fields an embeddable built-in type brings (those a generated name could take). */
const EMBEDDED_FIELDS: Partial<Record<Builtin, string[]>> = {
  LocalObjectReference: ['name'],
  SecretKeySelector: ['name', 'key', 'optional'],
  ObjectMeta: ['name', 'namespace', 'labels', 'annotations', 'generation', 'finalizers', 'uid'],
};

/** Every JSON name a struct has, those of the types it embeds included. */
function jsonNames(s: StructType, v: Version): string[] {
  return [
    ...s.fields.map((f) => f.json),
    ...s.embeds.flatMap((e) => (e.startsWith('builtin:') ? EMBEDDED_FIELDS[e.slice('builtin:'.length) as Builtin] ?? [] : jsonNames(v.structs.find((x) => x.name === e)!, v))),
  ];
}

/** The structs a type names, through lists and maps. */
function structNames(t: TypeRef): string[] {
  if (t.t === 'struct') return [t.name];
  return t.t === 'list' || t.t === 'map' ? structNames(t.of) : [];
}

/**
 * A list that is a map's value takes no marker, so nothing bounds it, and kube-apiserver's cost
 * estimate of any rule below it is over budget (manifests refuses such a CRD; controller-gen writes
 * it). Rules there (oneOf markers are rules too) are dropped once the model is drawn, drawing
 * nothing, so that every other seed keeps its model.
 */
function dropRulesUnderUnboundedLists(v: Version): void {
  const isRule = (m: string) => /XValidation:|OneOf=/.test(m);
  const done = new Set<string>();
  const strip = (name: string) => {
    const s = v.structs.find((x) => x.name === name);
    if (!s || done.has(name)) return;
    done.add(name);
    s.markers = s.markers.filter((m) => !isRule(m));
    for (const e of s.embeds) if (!e.startsWith('builtin:')) strip(e);
    for (const f of s.fields) {
      f.markers = f.markers.filter((m) => !isRule(m));
      structNames(f.type).forEach(strip);
    }
  };
  for (const s of v.structs) {
    for (const f of s.fields) if (f.type.t === 'map' && f.type.of.t === 'list') structNames(f.type.of).forEach(strip);
  }
}

function unique(base: string, used: Set<string>): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}${i}`;
  used.add(name);
  return name;
}

export function generateModel(seed: number): ApiModel {
  return new ModelGenerator(new Random(seed)).model();
}
