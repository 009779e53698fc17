/**
 * @bufbuild/cel, and the @bufbuild/protobuf parts CEL values are made of, loaded at first use: a
 * run that meets no x-kubernetes-validations rule (most `manifests` runs, every scaffolding
 * command) does not load them, some 130 modules. The callers are synchronous (CRD validation, the
 * schema compile), so the packages' CommonJS builds are required; every module of this package
 * reaches them through here, so one copy of each is loaded.
 */
import { createRequire } from 'node:module';

type Cel = typeof import('@bufbuild/cel');
type CelExtensions = typeof import('@bufbuild/cel/ext');
type Protobuf = typeof import('@bufbuild/protobuf');
type ProtobufWellKnownTypes = typeof import('@bufbuild/protobuf/wkt');

const require = createRequire(import.meta.url);

let celModule: Cel | undefined;
let celExtensionsModule: CelExtensions | undefined;
let protobufModule: Protobuf | undefined;
let wellKnownTypesModule: ProtobufWellKnownTypes | undefined;

export function cel(): Cel {
  return (celModule ??= require('@bufbuild/cel') as Cel);
}

export function celExtensions(): CelExtensions {
  return (celExtensionsModule ??= require('@bufbuild/cel/ext') as CelExtensions);
}

export function protobuf(): Protobuf {
  return (protobufModule ??= require('@bufbuild/protobuf') as Protobuf);
}

export function protobufWellKnownTypes(): ProtobufWellKnownTypes {
  return (wellKnownTypesModule ??= require('@bufbuild/protobuf/wkt') as ProtobufWellKnownTypes);
}
