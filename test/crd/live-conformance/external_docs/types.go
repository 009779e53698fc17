// Go twin of test/fixtures/crd/testdata/external_docs.

// +groupName=testdata.kubebuilder.io
// +versionName=v1
package external_docs

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// ExternalDocSpec defines the desired state of ExternalDoc
type ExternalDocSpec struct {
	// This tests that external documentation can be attached to a field with url and description.
	// +kubebuilder:externalDocs:url="https://example.com/docs",description="external docs description"
	FieldWithExternalDoc string `json:"fieldWithExternalDoc,omitempty"`

	// This tests that external documentation can be attached with only url.
	// +kubebuilder:externalDocs:url="https://example.com/docs"
	FieldWithExternalDocURLOnly string `json:"fieldWithExternalDocURLOnly,omitempty"`

	// This tests that external documentation from a type is propagated.
	TypeWithExternalDoc TypeWithExternalDoc `json:"typeWithExternalDoc,omitempty"`
}

// TypeWithExternalDoc is a type with external documentation.
// +kubebuilder:externalDocs:url="https://example.com/type-docs",description="type-level external docs"
type TypeWithExternalDoc string

// ExternalDoc is the Schema for the external docs API
type ExternalDoc struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ExternalDocSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true

// ExternalDocList contains a list of ExternalDoc
type ExternalDocList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ExternalDoc `json:"items"`
}
