// Go twin of test/fixtures/crd/worker: a kind whose spec embeds a core/v1 PodTemplateSpec, the
// case where built-in fields' descriptions matter most.

// +groupName=workers.example.com
// +versionName=v1
package worker

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WorkerSpec is the desired state of a Worker.
type WorkerSpec struct {
	// Replicas is how many pods run.
	Replicas int32 `json:"replicas"`

	// Template is the pod each replica runs.
	Template corev1.PodTemplateSpec `json:"template"`
}

// +kubebuilder:object:root=true

// Worker runs pods from a template.
type Worker struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WorkerSpec `json:"spec,omitempty"`
}
