// Runs once before the test files (vitest.config.ts: globalSetup). With KUBEBUILDER_ASSETS, it starts
// one etcd + kube-apiserver for the whole run, as envtest serves a Go test package: the files whose
// startTestEnvironment passes sharedControlPlane: true attach to it instead of starting their own, and
// see each other's objects there. Without KUBEBUILDER_ASSETS it does nothing: each file gets its own
// in-process API server.
export { setup } from 'kubescaffolder/testing/shared-control-plane';
