// Go twin of test/fixtures/crd/testdata/oneof.

// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
package oneof

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=oneof

// OneofSpec is the spec for the oneofs API.
type OneofSpec struct {
	FirstTypeWithOneof           *TypeWithOneofs               `json:"firstTypeWithOneof,omitempty"`
	SecondTypeWithOneof          *TypeWithMultipleOneofs       `json:"secondTypeWithOneof,omitempty"`
	FirstTypeWithExactOneof      *TypeWithExactOneofs          `json:"firstTypeWithExactOneof,omitempty"`
	SecondTypeWithExactOneof     *TypeWithMultipleExactOneofs  `json:"secondTypeWithExactOneof,omitempty"`
	TypeWithMultipleAtLeastOneOf *TypeWithMultipleAtLeastOneofs `json:"typeWithMultipleAtLeastOneOf,omitempty"`
	TypeWithAllOneOf             *TypeWithAllOneofs            `json:"typeWithAllOneOf,omitempty"`
	TypeWithOmitZero             *TypeWithOmitZero             `json:"typeWithOmitZero,omitempty"`
	TypeWithOmitZeroExact        *TypeWithOmitZeroExact        `json:"typeWithOmitZeroExact,omitempty"`
	TypeWithOmitZeroAtLeastOneOf *TypeWithOmitZeroAtLeastOneOf `json:"typeWithOmitZeroAtLeastOneOf,omitempty"`
	FirstCustomTypeAlias         *CustomTypeAlias              `json:"firstCustomTypeAlias,omitempty"`
	// This verifies if the custom type alias XValidation is not duplicated.
	SecondCustomTypeAlias *CustomTypeAlias `json:"secondCustomTypeAlias,omitempty"`
}

// +kubebuilder:validation:XValidation:message="only one of foo|bar may be set",rule="!(has(self.foo) && has(self.bar))"
// +kubebuilder:validation:AtMostOneOf=foo;bar
type TypeWithOneofs struct {
	Foo *string `json:"foo,omitempty"`
	Bar *string `json:"bar,omitempty"`
}

// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:AtMostOneOf=c;d
type TypeWithMultipleOneofs struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
	C *string `json:"c,omitempty"`
	D *string `json:"d,omitempty"`
}

// +kubebuilder:validation:ExactlyOneOf=foo;bar
type TypeWithExactOneofs struct {
	Foo *string `json:"foo,omitempty"`
	Bar *string `json:"bar,omitempty"`
}

// +kubebuilder:validation:ExactlyOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=c;d
type TypeWithMultipleExactOneofs struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
	C *string `json:"c,omitempty"`
	D *string `json:"d,omitempty"`
}

// +kubebuilder:validation:AtLeastOneOf=a;b
// +kubebuilder:validation:AtLeastOneOf=c;d
type TypeWithMultipleAtLeastOneofs struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
	C *string `json:"c,omitempty"`
	D *string `json:"d,omitempty"`
}

// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtLeastOneOf=e;f
type TypeWithAllOneofs struct {
	A *string `json:"a,omitempty"`
	B *string `json:"b,omitempty"`
	C *string `json:"c,omitempty"`
	D *string `json:"d,omitempty"`
	E *string `json:"e,omitempty"`
	F *string `json:"f,omitempty"`
}

// +kubebuilder:validation:AtMostOneOf=foo;bar
type TypeWithOmitZero struct {
	Foo string `json:"foo,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
	Bar string `json:"bar,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
}

// +kubebuilder:validation:ExactlyOneOf=a;b
type TypeWithOmitZeroExact struct {
	A string `json:"a,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
	B string `json:"b,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
}

// +kubebuilder:validation:AtLeastOneOf=c;d
type TypeWithOmitZeroAtLeastOneOf struct {
	C string `json:"c,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
	D string `json:"d,omitempty"` // omitzero in controller-tools' input; v0.21.0 wants omitempty on oneOf fields
}

// CustomTypeAlias is a custom alias
// +kubebuilder:validation:XValidation:rule="self >= 100 && self <= 1000",message="invalid CustomTypeAlias value"
type CustomTypeAlias int32

// Oneof is the Schema for the Oneof API
type Oneof struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OneofSpec `json:"spec"`
}

// +kubebuilder:object:root=true

// OneofList contains a list of Oneof
type OneofList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Oneof `json:"items"`
}
