/**
 * Request bodies in Kubernetes protobuf, built here with protobuf's own writer: the envelope
 * (`k8s\0`, then a runtime.Unknown with the type and the object's bytes), fields the tables do not
 * know (skipped, whatever their wire type), a kind the server cannot decode (415 naming it) and a
 * malformed body (400). kubectl.test.ts and access-reviews.test.ts send the real thing.
 */
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import { decodeProtobufBody } from '../../src/testing/server/http/protobuf-body.js';
import { StatusError } from '../../src/testing/model/status.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const accepted = ['application/json', PROTOBUF];

/** The envelope kube clients send: magic, then Unknown{typeMeta{apiVersion, kind}, raw}. */
function envelope(apiVersion: string, kind: string, raw: Uint8Array): Buffer {
  const typeMeta = new BinaryWriter().tag(1, 2).string(apiVersion).tag(2, 2).string(kind).finish();
  const unknown = new BinaryWriter().tag(1, 2).bytes(typeMeta).tag(2, 2).bytes(raw).finish();
  return Buffer.concat([Buffer.from('k8s\0', 'latin1'), unknown]);
}

const mapEntry = (key: string, value: string) => new BinaryWriter().tag(1, 2).string(key).tag(2, 2).string(value).finish();

function failure(body: Buffer): StatusError {
  try {
    decodeProtobufBody(body, PROTOBUF, accepted);
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('decoded without an error');
}

describe('protobuf request bodies', () => {
  it('decodes a ConfigMap and skips the fields it does not know, whatever their wire type', () => {
    const meta = new BinaryWriter().tag(1, 2).string('settings').tag(3, 2).string('ops').tag(11, 2).bytes(mapEntry('app', 'web')).finish();
    const configMap = new BinaryWriter()
      .tag(1, 2).bytes(meta)
      .tag(90, 1).fixed64(7n) // unknown, 64-bit
      .tag(2, 2).bytes(mapEntry('mode', 'fast'))
      .tag(91, 5).fixed32(3) // unknown, 32-bit
      .tag(92, 0).int32(1) // unknown varint
      .tag(2, 2).bytes(mapEntry('level', '3'))
      .tag(4, 0).bool(true)
      .finish();
    expect(decodeProtobufBody(envelope('v1', 'ConfigMap', configMap), PROTOBUF, accepted)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', namespace: 'ops', labels: { app: 'web' } },
      data: { mode: 'fast', level: '3' },
      immutable: true,
    });
  });

  it('answers 415 naming the kind and the kinds it decodes, for a kind without field tables', () => {
    const err = failure(envelope('apps/v1', 'Deployment', new BinaryWriter().tag(1, 2).bytes(new Uint8Array(0)).finish()));
    expect(err.status.code).toBe(415);
    expect(err.status.reason).toBe('UnsupportedMediaType');
    expect(err.status.message).toMatch(/^the test API server decodes protobuf request bodies of .*\bNamespace, ConfigMap, Secret, ServiceAccount only, and this one is apps\/v1 Deployment: send it as JSON/);
  });

  it('answers 400 for a malformed body and 415 for one without the protobuf envelope', () => {
    const whole = envelope('v1', 'ConfigMap', new BinaryWriter().tag(2, 2).bytes(mapEntry('mode', 'fast')).finish());
    const truncated = failure(whole.subarray(0, whole.length - 3));
    expect([truncated.status.code, truncated.status.reason]).toEqual([400, 'BadRequest']);
    expect(truncated.status.message).toMatch(/^the body of the request could not be decoded: /);
    expect(failure(Buffer.from('{"kind":"ConfigMap"}')).status.code).toBe(415);
  });
});
