// Go twin of test/fixtures/crd/testdata/job.

// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
package job

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/differential/unserved"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=job

// JobSpec is the spec for the jobs API.
type JobSpec struct {
	// FriendlyName is the friendly name for the job.
	//
	// +kubebuilder:validation:MinLength=5
	FriendlyName string `json:"friendlyName"`

	// Count is the number of times a job may be executed.
	//
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	Count int32 `json:"count"`

	// CronJob is the spec for the related CrongJob.
	CrongJob unserved.CronJobSpec `json:"crongJob"`
}

// Job is the Schema for the jobs API
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              JobSpec `json:"spec"`
}

// +kubebuilder:object:root=true

// JobList contains a list of Job
type JobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Job `json:"items"`
}
