/*
Copyright 2026 The sample-controller Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// Runs once before the test files (vitest.config.ts: globalSetup). With KUBEBUILDER_ASSETS, it starts
// one etcd + kube-apiserver for the whole run, as envtest serves a Go test package: the files whose
// startTestEnvironment passes sharedControlPlane: true attach to it instead of starting their own, and
// see each other's objects there. Without KUBEBUILDER_ASSETS it does nothing: each file gets its own
// in-process API server.
export { setup } from 'kubescaffolder/testing/shared-control-plane';
