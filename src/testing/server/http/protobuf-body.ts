/**
 * Request bodies in Kubernetes protobuf (`application/vnd.kubernetes.protobuf`), for the few
 * kinds kubectl's imperative commands create that way (`kubectl create namespace`, `configmap`,
 * `secret`, `serviceaccount`, `clusterrolebinding`, `rolebinding`, `token`, the access review of `kubectl auth can-i`). The envelope is the magic `k8s\0` then a runtime.Unknown whose
 * `raw` holds the object; fields are read with protobuf's own wire reader and named by number from
 * the tables below, into the JSON the rest of the server handles. Empty values are dropped, as JSON's omitempty would.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { StatusError } from '../../model/status.js';
import { badRequestStatus, unsupportedMediaTypeStatus } from '../../../kube/status.js';

type FieldType = 'string' | 'bytes' | 'int' | 'bool' | 'strings' | 'stringMap' | 'bytesMap' | Message | { repeated: Message };
interface Message {
  [field: number]: [name: string, type: FieldType];
}

const OWNER_REFERENCE: Message = { 1: ['kind', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'], 5: ['apiVersion', 'string'], 6: ['controller', 'bool'], 7: ['blockOwnerDeletion', 'bool'] };
const OBJECT_META: Message = {
  1: ['name', 'string'],
  2: ['generateName', 'string'],
  3: ['namespace', 'string'],
  5: ['uid', 'string'],
  6: ['resourceVersion', 'string'],
  7: ['generation', 'int'],
  11: ['labels', 'stringMap'],
  12: ['annotations', 'stringMap'],
  13: ['ownerReferences', { repeated: OWNER_REFERENCE }],
  14: ['finalizers', 'strings'],
};
const OBJECT_REFERENCE: Message = { 1: ['kind', 'string'], 2: ['namespace', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'], 5: ['apiVersion', 'string'] };

// rbac/v1 Subject and RoleRef (k8s.io/api/rbac/v1/generated.proto).
const SUBJECT: Message = { 1: ['kind', 'string'], 2: ['apiGroup', 'string'], 3: ['name', 'string'], 4: ['namespace', 'string'] };
const ROLE_REF: Message = { 1: ['apiGroup', 'string'], 2: ['kind', 'string'], 3: ['name', 'string'] };
const ROLE_BINDING: Message = { 1: ['metadata', OBJECT_META], 2: ['subjects', { repeated: SUBJECT }], 3: ['roleRef', ROLE_REF] };

const RESOURCE_ATTRIBUTES: Message = { 1: ['namespace', 'string'], 2: ['verb', 'string'], 3: ['group', 'string'], 4: ['version', 'string'], 5: ['resource', 'string'], 6: ['subresource', 'string'], 7: ['name', 'string'] };
const NON_RESOURCE_ATTRIBUTES: Message = { 1: ['path', 'string'], 2: ['verb', 'string'] };

/** By kind for core v1, by `<group>/<version>/<kind>` otherwise. */
const KINDS: Record<string, Message> = {
  // kubectl auth can-i; the access reviews of client-go clients.
  'authorization.k8s.io/v1/SelfSubjectAccessReview': { 1: ['metadata', OBJECT_META], 2: ['spec', { 1: ['resourceAttributes', RESOURCE_ATTRIBUTES], 2: ['nonResourceAttributes', NON_RESOURCE_ATTRIBUTES] }] },
  'authorization.k8s.io/v1/SubjectAccessReview': {
    1: ['metadata', OBJECT_META],
    2: ['spec', { 1: ['resourceAttributes', RESOURCE_ATTRIBUTES], 2: ['nonResourceAttributes', NON_RESOURCE_ATTRIBUTES], 3: ['user', 'string'], 4: ['groups', 'strings'], 6: ['uid', 'string'] }],
  },
  // kubectl create token (the serviceaccounts/token subresource).
  'authentication.k8s.io/v1/TokenRequest': {
    1: ['metadata', OBJECT_META],
    2: ['spec', { 1: ['audiences', 'strings'], 3: ['boundObjectRef', { 1: ['kind', 'string'], 2: ['apiVersion', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'] }], 4: ['expirationSeconds', 'int'] }],
  },
  'authentication.k8s.io/v1/TokenReview': { 1: ['metadata', OBJECT_META], 2: ['spec', { 1: ['token', 'string'], 2: ['audiences', 'strings'] }] },
  // kubectl create clusterrolebinding / rolebinding (kubebuilder's e2e tests grant metrics access so).
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ROLE_BINDING,
  'rbac.authorization.k8s.io/v1/RoleBinding': ROLE_BINDING,
  Namespace: { 1: ['metadata', OBJECT_META], 2: ['spec', { 1: ['finalizers', 'strings'] }] },
  ConfigMap: { 1: ['metadata', OBJECT_META], 2: ['data', 'stringMap'], 3: ['binaryData', 'bytesMap'], 4: ['immutable', 'bool'] },
  Secret: { 1: ['metadata', OBJECT_META], 2: ['data', 'bytesMap'], 3: ['type', 'string'], 4: ['stringData', 'stringMap'], 5: ['immutable', 'bool'] },
  ServiceAccount: {
    1: ['metadata', OBJECT_META],
    2: ['secrets', { repeated: OBJECT_REFERENCE }],
    3: ['imagePullSecrets', { repeated: { 1: ['name', 'string'] } }],
    4: ['automountServiceAccountToken', 'bool'],
  },
};

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

interface WireField {
  field: number;
  varint?: bigint;
  bytes?: Uint8Array;
}

/** A message's fields in wire order (a repeated field once per element), as protobuf's own reader reads them. */
function readFields(buf: Uint8Array): WireField[] {
  const out: WireField[] = [];
  const reader = new BinaryReader(buf);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (wireType === WireType.Varint) out.push({ field, varint: BigInt(reader.uint64()) });
    else if (wireType === WireType.LengthDelimited) out.push({ field, bytes: reader.bytes() });
    else reader.skip(wireType, field);
  }
  return out;
}

const utf8 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

function mapEntry(bytes: Uint8Array): [string, Uint8Array] {
  let key = '';
  let value: Uint8Array = new Uint8Array(0);
  for (const f of readFields(bytes)) {
    if (f.field === 1) key = utf8(f.bytes!);
    if (f.field === 2) value = f.bytes!;
  }
  return [key, value];
}

function decodeMessage(buf: Uint8Array, message: Message): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of readFields(buf)) {
    const spec = message[f.field];
    if (!spec) continue;
    const [name, type] = spec;
    if (type === 'string' || type === 'bytes') {
      const s = type === 'string' ? utf8(f.bytes!) : base64(f.bytes!);
      if (s !== '') out[name] = s;
    } else if (type === 'int') {
      if (f.varint) out[name] = Number(f.varint);
    } else if (type === 'bool') {
      out[name] = f.varint === 1n;
    } else if (type === 'strings') {
      out[name] = [...((out[name] as string[] | undefined) ?? []), utf8(f.bytes!)];
    } else if (type === 'stringMap' || type === 'bytesMap') {
      const [k, v] = mapEntry(f.bytes!);
      out[name] = { ...((out[name]) ?? {}), [k]: type === 'stringMap' ? utf8(v) : base64(v) };
    } else if ('repeated' in type) {
      out[name] = [...((out[name] as unknown[] | undefined) ?? []), decodeMessage(f.bytes!, type.repeated)];
    } else {
      const inner = decodeMessage(f.bytes!, type);
      if (Object.keys(inner).length > 0) out[name] = inner;
    }
  }
  return out;
}

/**
 * kube-apiserver decodes every built-in kind from protobuf; this server knows the field numbers of
 * the kinds above only (they are not in the Kubernetes API data it ships), so it says so and how
 * to send the object instead, rather than listing protobuf among the formats it accepts.
 */
function protobufKindNotDecoded(apiVersion: string, kind: string): StatusError {
  const known = Object.keys(KINDS).map((k) => k.split('/').at(-1)).join(', ');
  return new StatusError({
    message: `the test API server decodes protobuf request bodies of ${known} only, and this one is ${apiVersion} ${kind}: send it as JSON (for a kubectl create command: add --dry-run=client -o yaml and pipe the output to kubectl create -f -)`,
    reason: 'UnsupportedMediaType',
    details: { kind, causes: [{ reason: 'UnsupportedMediaType', message: 'application/vnd.kubernetes.protobuf' }] },
    code: 415,
  });
}

/** Decodes a protobuf request body into a JSON object; 415 for kinds the tables do not cover. */
export function decodeProtobufBody(body: Buffer, contentType: string, accepted: string[]): Record<string, unknown> {
  if (body.length < 4 || !body.subarray(0, 4).equals(MAGIC)) throw new StatusError(unsupportedMediaTypeStatus(contentType, accepted));
  let apiVersion = '';
  let kind = '';
  try {
    let raw: Uint8Array | undefined;
    for (const f of readFields(body.subarray(4))) {
      if (f.field === 1) {
        for (const t of readFields(f.bytes!)) {
          if (t.field === 1) apiVersion = utf8(t.bytes!);
          if (t.field === 2) kind = utf8(t.bytes!);
        }
      }
      if (f.field === 2) raw = f.bytes;
    }
    const message = KINDS[apiVersion === 'v1' ? kind : `${apiVersion}/${kind}`];
    if (!raw) throw new StatusError(unsupportedMediaTypeStatus(contentType, accepted));
    if (!message) throw protobufKindNotDecoded(apiVersion, kind);
    return { apiVersion, kind, ...decodeMessage(raw, message) };
  } catch (err) {
    if (err instanceof StatusError) throw err;
    // A malformed body is the client's error (400), as kube-apiserver answers a decoding failure.
    throw new StatusError(badRequestStatus(`the body of the request could not be decoded: ${(err as Error).message}`));
  }
}
