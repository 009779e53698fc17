// The CronJobSpec of test/fixtures/crd/testdata/unserved that the job twin uses, in a package of its
// own (no +groupName: no CRD), so that the unserved CronJob version alone is not generated.
package cronjobspec

// CronJobSpec defines the desired state of CronJob
type CronJobSpec struct {
	// This tests that markers that are allowed on both fields and types are applied to fields
	// +kubebuilder:validation:MinLength=4
	TwoOfAKindPart0 string `json:"twoOfAKindPart0"`

	// +kubebuilder:validation:Minimum=-2
	// +kubebuilder:validation:Maximum=2
	// +kubebuilder:validation:MultipleOf=2
	Int32WithValidations int32 `json:"int32WithValidations"`
}
