/**
 * The one list of corpus cases where kube-apiserver, the test server and `manifests` do not agree
 * yet on the refused CRD (kube-apiserver.test.ts), each with why. Every entry is a bug of ours: its
 * test is expected to fail until the bug is fixed, and then fails itself until the entry is removed.
 */
export const DISAGREEMENTS: Record<string, string> = {};
