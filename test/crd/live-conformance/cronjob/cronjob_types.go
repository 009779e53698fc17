// Go twin of test/fixtures/crd/testdata/cronjob (controller-tools' cronjob_types.go as the TypeScript
// fixture writes it: types with custom JSON serialisation are the types they serialise to).

// +groupName=testdata.kubebuilder.io
// +versionName=v1
package cronjob

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: Any new fields you add must be documented.

// CronJobSpec defines the desired state of CronJob
// +kubebuilder:validation:XValidation:rule="has(oldSelf.forbiddenInt) || !has(self.forbiddenInt)",message="forbiddenInt is not allowed",fieldPath=".forbiddenInt",reason="FieldValueForbidden"
type CronJobSpec struct {
	unexportedStruct     `json:",inline"`
	ExportedStruct       `json:",inline"`
	InlineAlias          `json:",inline"`
	*InlinePointerStruct `json:",inline"`

	// The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.
	Schedule string `json:"schedule"`

	// Optional deadline in seconds for starting the job if it misses scheduled
	// time for any reason.  Missed jobs executions will be counted as failed ones.
	// +optional
	StartingDeadlineSeconds int64 `json:"startingDeadlineSeconds,omitempty"`

	// Specifies how to treat concurrent executions of a Job.
	// Valid values are:
	// - "Allow" (default): allows CronJobs to run concurrently;
	// - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
	// - "Replace": cancels currently running job and replaces it with a new one
	// +optional
	ConcurrencyPolicy ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`

	// Specifies how to treat concurrent executions of a Job.
	// Valid values are:
	// - "Allow" (default): allows CronJobs to run concurrently;
	// - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
	// - "Replace": cancels currently running job and replaces it with a new one
	// +optional
	K8sConcurrencyPolicy K8sConcurrencyPolicy `json:"k8sConcurrencyPolicy,omitempty"`

	// This flag tells the controller to suspend subsequent executions, it does
	// not apply to already started executions.  Defaults to false.
	// +optional
	Suspend bool `json:"suspend,omitempty"`

	// This flag is like suspend, but for when you really mean it.
	// It helps test the +kubebuilder:validation:Type marker.
	// +optional
	NoReallySuspend TotallyABool `json:"noReallySuspend,omitempty"`

	// This tests byte slice schema generation.
	BinaryName []byte `json:"binaryName"`

	// This tests that nullable works correctly
	// +nullable
	CanBeNull string `json:"canBeNull"`

	// Specifies the job that will be created when executing a CronJob.
	JobTemplate batchv1.JobTemplateSpec `json:"jobTemplate"`

	// The number of successful finished jobs to retain.
	// This is a pointer to distinguish between explicit zero and not specified.
	// +optional
	SuccessfulJobsHistoryLimit int32 `json:"successfulJobsHistoryLimit,omitempty"`

	// The number of failed finished jobs to retain.
	// This is a pointer to distinguish between explicit zero and not specified.
	// +optional
	FailedJobsHistoryLimit int32 `json:"failedJobsHistoryLimit,omitempty"`

	// This tests byte slices are allowed as map values.
	ByteSliceData map[string][]byte `json:"byteSliceData,omitempty"`

	// This tests string slices are allowed as map values.
	StringSliceData map[string][]string `json:"stringSliceData,omitempty"`

	// This tests pointers are allowed as map values.
	PtrData map[string]string `json:"ptrData,omitempty"`

	// This tests that markers that are allowed on both fields and types are applied to fields
	// +kubebuilder:validation:MinLength=4
	TwoOfAKindPart0 string `json:"twoOfAKindPart0"`

	// This tests that markers that are allowed on both fields and types are applied to types
	TwoOfAKindPart1 LongerString `json:"twoOfAKindPart1"`

	// This tests that primitive defaulting can be performed.
	// +kubebuilder:default=forty-two
	// +kubebuilder:example=forty-two
	// +kubebuilder:title=DefaultedString
	DefaultedString string `json:"defaultedString"`

	// This tests that slice defaulting can be performed.
	// +kubebuilder:default={a,b}
	// +kubebuilder:example={a,b}
	// +kubebuilder:title=DefaultedSlice
	DefaultedSlice []string `json:"defaultedSlice"`

	// This tests that slice and object defaulting can be performed.
	// +kubebuilder:default={{nested: {foo: "baz", bar: true}},{nested: {foo: "qux", bar: false}}}
	// +kubebuilder:example={{nested: {foo: "baz", bar: true}},{nested: {foo: "qux", bar: false}}}
	// +kubebuilder:title="124"
	DefaultedObject []RootObject `json:"defaultedObject"`

	// This tests that empty slice defaulting can be performed.
	// +kubebuilder:default={}
	// +kubebuilder:title="{}"
	DefaultedEmptySlice []string `json:"defaultedEmptySlice"`

	// This tests that an empty object defaulting can be performed on a map.
	// +kubebuilder:default={}
	DefaultedEmptyMap map[string]string `json:"defaultedEmptyMap"`

	// This tests that an empty object defaulting can be performed on an object.
	// +kubebuilder:default={}
	DefaultedEmptyObject EmpiableObject `json:"defaultedEmptyObject"`

	// This tests that kubebuilder defaulting takes precedence.
	// +kubebuilder:default="kubebuilder-default"
	// +default="kubernetes-default"
	DoubleDefaultedString string `json:"doubleDefaultedString"`

	// This tests that primitive defaulting can be performed.
	// +default="forty-two"
	KubernetesDefaultedString string `json:"kubernetesDefaultedString"`

	// This tests that slice defaulting can be performed.
	// +default=["a","b"]
	KubernetesDefaultedSlice []string `json:"kubernetesDefaultedSlice"`

	// This tests that slice and object defaulting can be performed.
	// +default=[{"nested": {"foo": "baz", "bar": true}},{"nested": {"foo": "qux", "bar": false}}]
	KubernetesDefaultedObject []RootObject `json:"kubernetesDefaultedObject"`

	// This tests that empty slice defaulting can be performed.
	// +default=[]
	KubernetesDefaultedEmptySlice []string `json:"kubernetesDefaultedEmptySlice"`

	// This tests that an empty object defaulting can be performed on a map.
	// +default={}
	KubernetesDefaultedEmptyMap map[string]string `json:"kubernetesDefaultedEmptyMap"`

	// This tests that an empty object defaulting can be performed on an object.
	// +default={}
	KubernetesDefaultedEmptyObject EmpiableObject `json:"kubernetesDefaultedEmptyObject"`

	// This tests that use of +default=ref(...) doesn't break generation
	// +default=ref(DefaultRefValue)
	KubernetesDefaultedRef string `json:"kubernetesDefaultedRef,omitempty"`

	// This tests that pattern validator is properly applied.
	// +kubebuilder:validation:Pattern=`^$|^((https):\/\/?)[^\s()<>]+(?:\([\w\d]+\)|([^[:punct:]\s]|\/?))$`
	PatternObject string `json:"patternObject"`

	// +kubebuilder:validation:EmbeddedResource
	EmbeddedResource runtime.RawExtension `json:"embeddedResource"`

	// +kubebuilder:pruning:PreserveUnknownFields
	UnprunedJSON NestedObject `json:"unprunedJSON"`

	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:EmbeddedResource
	UnprunedEmbeddedResource runtime.RawExtension `json:"unprunedEmbeddedResource"`

	// This tests that a type-level pruning marker works.
	UnprunedFomType Preserved `json:"unprunedFomType"`

	// This tests that a type-level pruning marker combined with a field-level pruning marker works.
	// +kubebuilder:pruning:PreserveUnknownFields
	UnprunedFomTypeAndField Preserved `json:"unprunedFomTypeAndField"`

	// This tests that associative lists work.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=secondary
	AssociativeList []AssociativeType `json:"associativeList"`

	// This tests that associative lists work using the +k8s:listType alias.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	K8sAssociativeList []AssociativeType `json:"k8sAssociativeList"`

	// This tests that +k8s:listType=set works.
	// +k8s:listType=set
	K8sSetList []string `json:"k8sSetList,omitempty"`

	// This tests that +k8s:listType=atomic works.
	// +k8s:listType=atomic
	K8sAtomicList []string `json:"k8sAtomicList,omitempty"`

	// This tests that associative lists work via a nested type.
	NestedassociativeList NestedAssociativeList `json:"nestedassociativeList"`

	// This tests that associative lists work via a nested type using the +k8s:listType alias.
	K8sNestedAssociativeList K8sNestedAssociativeList `json:"k8sNestedAssociativeList"`

	// A map that allows different actors to manage different fields
	// +mapType=granular
	MapOfInfo map[string][]byte `json:"mapOfInfo"`

	// A map that allows different actors to manage different fields via a nested type.
	NestedMapOfInfo NestedMapOfInfo `json:"nestedMapOfInfo"`

	// A struct that can only be entirely replaced
	// +structType=atomic
	StructWithSeveralFields NestedObject `json:"structWithSeveralFields"`

	// A struct that can only be entirely replaced via a nested type.
	NestedStructWithSeveralFields NestedStructWithSeveralFields `json:"nestedStructWithSeveralFields"`

	// A struct that can only be entirely replaced via a nested type and
	// field markers.
	// +structType=atomic
	NestedStructWithSeveralFieldsDoubleMarked NestedStructWithSeveralFields `json:"nestedStructWithSeveralFieldsDoubleMarked"`

	// This tests that type references are properly flattened
	JustNestedObject JustNestedObject `json:"justNestedObject,omitempty"`

	// This tests explicitly optional kubebuilder fields
	// +kubebuilder:validation:Optional
	ExplicitlyOptionalKubebuilder string `json:"explicitlyOptionalKubebuilder"`

	// This tests explicitly optional kubernetes fields
	// +optional
	ExplicitlyOptionalKubernetes string `json:"explicitlyOptionalKubernetes"`

	// This tests explicitly optional k8s fields
	// +k8s:optional
	ExplicitlyOptionalK8s string `json:"explicitlyOptionalK8s"`

	// This tests explicitly required kubebuilder fields
	// +kubebuilder:validation:Required
	ExplicitlyRequiredKubebuilder string `json:"explicitlyRequiredKubebuilder,omitempty"`

	// This tests explicitly required kubernetes fields
	// +required
	ExplicitlyRequiredKubernetes string `json:"explicitlyRequiredKubernetes,omitempty"`

	// This tests explicitly required k8s fields
	// +k8s:required
	ExplicitlyRequiredK8s string `json:"explicitlyRequiredK8s,omitempty"`

	// This tests that min/max properties work
	MinMaxProperties MinMaxObject `json:"minMaxProperties,omitempty"`

	// This tests that the schemaless marker works
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=string
	Schemaless []byte `json:"schemaless,omitempty"`

	// This tests that an IntOrString can also have string validation.
	// This can be useful if you want to limit the string to a percentage or integer.
	// The XIntOrString marker is a requirement for having a pattern on this type.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:MaxLength=11
	// +kubebuilder:validation:MinLength=2
	// +kubebuilder:validation:Pattern="^((100|[0-9]{1,2})%|[0-9]+)$"
	IntOrStringWithAPattern intstr.IntOrString `json:"intOrStringWithAPattern,omitempty"`

	// This tests that an IntOrString can have enum validation.
	// The XIntOrString marker is required for applying enum to IntOrString.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Enum=1;2;"foo";"bar"
	IntOrStringWithEnum intstr.IntOrString `json:"intOrStringWithEnum,omitempty"`

	// Checks that nested maps work
	NestedMap map[string]map[string]string `json:"nestedMap,omitempty"`

	// Checks that multiply-nested maps work
	NestedNestedMap map[string]map[string]map[string]string `json:"nestedNestedMap,omitempty"`

	// Checks that maps containing types that contain maps work
	NestedMapInStruct map[string]ContainsNestedMap `json:"nestedMapInStruct,omitempty"`

	// Maps of arrays of things-that-aren’t-strings are permitted
	MapOfArraysOfFloats map[string][]bool `json:"mapOfArraysOfFloats,omitempty"`

	// Maps keyed by a type that implements encoding.TextMarshaler are permitted,
	// since such keys serialize to strings (just like TextMarshaler fields do).
	MapOfTextMarshalerKeys map[string]string `json:"mapOfTextMarshalerKeys,omitempty"`

	// +kubebuilder:validation:Minimum=-0.5
	// +kubebuilder:validation:Maximum=1.5
	// +kubebuilder:validation:MultipleOf=0.5
	FloatWithValidations float64 `json:"floatWithValidations"`

	// +kubebuilder:validation:Minimum=-0.5
	// +kubebuilder:validation:Maximum=1.5
	// +kubebuilder:validation:MultipleOf=0.5
	Float64WithValidations float64 `json:"float64WithValidations"`

	// +kubebuilder:validation:Minimum=-2
	// +kubebuilder:validation:Maximum=2
	// +kubebuilder:validation:MultipleOf=2
	IntWithValidations int `json:"intWithValidations"`

	// +kubebuilder:validation:Minimum=-2
	// +kubebuilder:validation:Maximum=2
	// +kubebuilder:validation:MultipleOf=2
	Int32WithValidations int32 `json:"int32WithValidations"`

	// Test of the expression-based validation rule marker, with optional message.
	// +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",message="must have even length"
	// +kubebuilder:validation:XValidation:rule="true"
	StringWithEvenLength string `json:"stringWithEvenLength,omitempty"`

	// Test of the expression-based validation with messageExpression marker.
	// Due to a bug in the cost calculation we can not include the lenght in the message expression:
	// https://github.com/kubernetes/kubernetes/issues/124234
	//
	// +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",messageExpression="self + ' has odd length, must be even'"
	StringWithEvenLengthAndMessageExpression string `json:"stringWithEvenLengthAndMessageExpression,omitempty"`

	// Test of the expression-based validation on both field and type.
	// +kubebuilder:validation:XValidation:rule="self.startsWith('good-')",message="must have good prefix"
	StringWithEvenLengthAndGoodPrefix StringEvenType `json:"stringWithEvenLengthAndGoodPrefix,omitempty"`

	// Test that we can add a forbidden field using XValidation Reason and FieldPath.
	// The validation is applied to the spec struct itself and not the field.
	ForbiddenInt int `json:"forbiddenInt,omitempty"`

	// Checks that fixed-length arrays work
	Array []int `json:"array,omitempty"`

	// Checks that arrays work when the type contains a composite literal
	ArrayUsingCompositeLiteral []string `json:"arrayUsingCompositeLiteral,omitempty"`

	// This tests string slice item validation.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	// +kubebuilder:validation:items:Pattern=^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*$
	// +listType=set
	Hosts []string `json:"hosts,omitempty"`

	// This tests slice item validation with enum
	// +kubebuilder:validation:items:Enum=0;1;3
	EnumSlice []int `json:"enumSlice,omitempty"`

	HostsAlias Hosts `json:"hostsAlias,omitempty"`

	// This tests that alias imported from a package is handled correctly. The
	// corev1.IPFamilyPolicyType is just reused since it's available from
	// imported package. We can create our own in a separate package if needed.
	AliasFromPackage string `json:"aliasFromPackage,omitempty"`

	// This tests that string alias is handled correctly.
	StringAlias StringAlias `json:"stringAlias,omitempty"`
	StringAliasPtr StringAlias `json:"stringAliasPtr,omitempty"`

	// This tests that validation on a string alias type is handled correctly.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	StringAliasAddedValidation StringAlias `json:"stringAliasAddedValidation,omitempty"`

	// This tests that validation on a string alias type itself is handled correctly.
	StringAliasAlreadyValidated StringAliasWithValidation `json:"stringAliasAlreadyValidated,omitempty"`

	// These test that title works on both a type and field, with field taking precedence.
	// +kubebuilder:title="title on field"
	StringAliasWithAddedTitle StringAliasWithTitle `json:"stringAliasWithAddedTitle,omitempty"`
	StringAliasWithTitle StringAliasWithTitle `json:"stringAliasWithTitle,omitempty"`

	// This tests string slice validation.
	// +kubebuilder:validation:MinItems=2
	// +kubebuilder:validation:MaxItems=2
	StringPair []string `json:"stringPair"`

	// This tests string alias slice item validation.
	// +kubebuilder:validation:MinItems=3
	LongerStringArray []LongerString `json:"longerStringArray,omitempty"`

	// This tests that a slice of IntOrString can also have string validation.
	// This can be useful if you want to limit the string to a percentage or integer.
	// The XIntOrString marker is a requirement for having a pattern on this type.
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:MaxLength=10
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:Pattern="^((100|[0-9]{1,2})%|[0-9]+)$"
	IntOrStringArrayWithAPattern []intstr.IntOrString `json:"intOrStringArrayWithAPattern,omitempty"`

	// This tests that a slice of  IntOrString can also have enum validation.
	// The XIntOrString marker is required for applying enum to IntOrString.
	// +kubebuilder:validation:items:XIntOrString
	// +kubebuilder:validation:items:MaxLength=3
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:Enum=1;2;"foo";"bar"
	IntOrStringWithEnumSlice []intstr.IntOrString `json:"intOrStringWithEnumSlice,omitempty"`

	// This tests that we can embed protocol correctly (without ending up with allOf).
	// Context: https://github.com/kubernetes-sigs/controller-tools/issues/1027
	// Defaults to "TCP".
	// +optional
	// +default="TCP"
	Protocol string `json:"protocol,omitempty"`

	// This tests that selectable field.
	SelectableFieldString string `json:"selectableFieldString,omitempty"`

	// Test that we can add a field that can only be set to a non-default value on updates using XValidation OptionalOldSelf.
	// +kubebuilder:validation:XValidation:rule="oldSelf.hasValue() || self == 0",message="must be set to 0 on creation. can be set to any value on an update.",optionalOldSelf=true
	OnlyAllowSettingOnUpdate int32 `json:"onlyAllowSettingOnUpdate,omitempty"`

	// This tests that unmarkered types are handled correctly.
	// When markers are applied at the field level instead of the type level.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	LocallyBoundedInteger UnmarkeredInteger `json:"locallyBoundedInteger,omitempty"`

	// This tests that unmarkered types are handled correctly.
	// When markers are applied at the field level instead of the type level.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=10
	LocallyBoundedString UnmarkeredString `json:"locallyBoundedString,omitempty"`

	// This tests that field-level overrides are handled correctly
	// for local type aliases.
	// +kubebuilder:validation:MinLength=10
	// +kubebuilder:validation:MaxLength=10
	FieldLevelAliasOverride StringAliasWithValidation `json:"fieldLevelAliasOverride,omitempty"`

	// This tests that field-level overrides are handled correctly
	// for local type declarations.
	// +kubebuilder:validation:MinLength=10
	// +kubebuilder:validation:MaxLength=10
	FieldLevelLocalDeclarationOverride LongerString `json:"fieldLevelLocalDeclarationOverride,omitempty"`
}

type InlineAlias = EmbeddedStruct

// EmbeddedStruct is for testing that embedded struct is handled correctly when it is used through an alias type.
type EmbeddedStruct struct {
	// FromEmbedded is a field from the embedded struct that was used through an alias type.
	FromEmbedded string `json:"fromEmbedded,omitempty"`
}

// InlinePointerStruct tests pointer embedded struct with inline tag.
type InlinePointerStruct struct {
	FromPointer string `json:"fromPointer,omitempty"`
}

type StringAlias = string

// +kubebuilder:title="title on type"
type StringAliasWithTitle string

// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=255
type StringAliasWithValidation string

type ContainsNestedMap struct {
	InnerMap map[string]string `json:"innerMap,omitempty"`
}

// +kubebuilder:validation:Type=object
// +kubebuilder:pruning:PreserveUnknownFields
type Preserved struct{}

type NestedObject struct {
	Foo string `json:"foo"`
	Bar bool   `json:"bar"`
}

// +structType=atomic
type NestedStructWithSeveralFields NestedObject

type JustNestedObject NestedObject

// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=2
type MinMaxObject struct {
	Foo string `json:"foo,omitempty"`
	Bar string `json:"bar,omitempty"`
	Baz string `json:"baz,omitempty"`
}

type EmpiableObject struct {
	// +kubebuilder:default=forty-two
	Foo string `json:"foo,omitempty"`
	Bar string `json:"bar,omitempty"`
}

type unexportedStruct struct {
	// This tests that exported fields are not skipped in the schema generation
	Foo string `json:"foo"`
}

type ExportedStruct struct {
	// This tests that exported fields are not skipped in the schema generation
	Baz string `json:"baz"`
}

type RootObject struct {
	Nested NestedObject `json:"nested"`
}

type AssociativeType struct {
	Name      string `json:"name"`
	Secondary int    `json:"secondary"`
	Foo       string `json:"foo"`
}

// +listType=map
// +listMapKey=name
// +listMapKey=secondary
type NestedAssociativeList []AssociativeType

// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:listMapKey=secondary
type K8sNestedAssociativeList []AssociativeType

// +mapType=granular
type NestedMapOfInfo map[string][]byte

// +kubebuilder:validation:MinLength=4
// This tests that markers that are allowed on both fields and types are applied to types
type LongerString string

// use an explicit type marker to verify that apply-first markers generate properly

// +kubebuilder:validation:Type=string
// TotallyABool is a bool that serializes as a string.
type TotallyABool bool

// This tests string slice item validation.
// +kubebuilder:validation:MinItems=1
// +kubebuilder:validation:items:MinLength=1
// +kubebuilder:validation:items:MaxLength=255
// +kubebuilder:validation:items:Pattern=^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*$
// +listType=set
type Hosts []string

// This tests that unmarkered types are handled correctly.
// When markers are applied at the field level instead of the type level.
type UnmarkeredInteger int32

// This tests that unmarkered types are handled correctly.
// When markers are applied at the field level instead of the type level.
type UnmarkeredString string

// +kubebuilder:validation:Type=string
// URL wraps url.URL.
// It has custom json marshal methods that enable it to be used in K8s CRDs
// such that the CRD resource will have the URL but operator code can can work with url.URL struct
type URL string

// +kubebuilder:validation:Type=string
// URL2 is an alias of url.URL.
// It has custom json marshal methods that enable it to be used in K8s CRDs
// such that the CRD resource will have the URL but operator code can can work with url.URL struct
type URL2 string

// URL3 wraps [net/url.URL]. It implements [encoding.TextMarshaler] so that it
// can be used in K8s CRDs such that the CRD resource will have the URL but
// operator code can can work with the URL struct.
type URL3 string

// URL4 is newtype around [net/url.URL]. It implements [encoding.TextMarshaler]
// so that it can be used in K8s CRDs such that the CRD resource will have the
// URL but operator code can can work with the URL struct.
type URL4 string

// +kubebuilder:validation:Type=integer
// +kubebuilder:validation:Format=int64
// Time2 is a newtype around [metav1.Time].
// It implements both [encoding.TextMarshaler] and [json.Marshaler].
// The latter is authoritative for the CRD generation.
type Time2 string

// A Duration represents the elapsed time between two instants
// as an int64 nanosecond count. The representation limits the
// largest representable duration to approximately 290 years.
type GoDuration int64

// Duration has a custom Marshaler but no markers.
// We want the CRD generation to infer type information
// from the go types and ignore the presense of the Marshaler.
type Duration struct {
	Value GoDuration `json:"value"`
}

// ConcurrencyPolicy describes how the job will be handled.
// Only one of the following concurrent policies may be specified.
// If none of the following policies is specified, the default one
// is AllowConcurrent.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
type ConcurrencyPolicy string

const (
	// AllowConcurrent allows CronJobs to run concurrently.
	AllowConcurrent ConcurrencyPolicy = "Allow"
)

// +k8s:enum
type K8sConcurrencyPolicy string

const (
	// AllowK8sConcurrencyPolicy allows CronJobs to run concurrently.
	AllowK8sConcurrencyPolicy K8sConcurrencyPolicy = "Allow"
	// ForbidK8sConcurrencyPolicy forbids concurrent runs, skipping next run if previous
	// hasn't finished yet.
	ForbidK8sConcurrencyPolicy K8sConcurrencyPolicy = "Forbid"
	// ReplaceK8sConcurrencyPolicy cancels currently running job and replaces it with a new one.
	ReplaceK8sConcurrencyPolicy K8sConcurrencyPolicy = "Replace"
)

// StringEvenType is a type that includes an expression-based validation.
// +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",message="must have even length"
type StringEvenType string

// CronJobStatus defines the observed state of CronJob
type CronJobStatus struct {
	// INSERT ADDITIONAL STATUS FIELD - define observed state of cluster
	// Important: Run "make" to regenerate code after modifying this file

	// A list of pointers to currently running jobs.
	// +optional
	Active []corev1.ObjectReference `json:"active,omitempty"`

	// Information when was the last time the job was successfully scheduled.
	// +optional
	LastScheduleTime metav1.Time `json:"lastScheduleTime,omitempty"`

	// Information when was the last time the job was successfully scheduled.
	// +optional
	LastScheduleTime2 Time2 `json:"lastScheduleTime2,omitempty"`

	// Information about the last time the job was successfully scheduled,
	// with microsecond precision.
	// +optional
	LastScheduleMicroTime metav1.MicroTime `json:"lastScheduleMicroTime,omitempty"`

	// LastActiveLogURL specifies the logging url for the last started job
	// +optional
	LastActiveLogURL URL `json:"lastActiveLogURL,omitempty"`

	// LastActiveLogURL2 specifies the logging url for the last started job
	// +optional
	LastActiveLogURL2 URL2 `json:"lastActiveLogURL2,omitempty"`

	// LastActiveLogURL3 specifies the logging url for the last started job
	// +optional
	LastActiveLogURL3 URL3 `json:"lastActiveLogURL3,omitempty"`

	// LastActiveLogURL4 specifies the logging url for the last started job
	// +optional
	LastActiveLogURL4 URL4 `json:"lastActiveLogURL4,omitempty"`

	Duration Duration `json:"duration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=mycronjob
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes-sigs/controller-tools";"cert-manager.io/inject-ca-from-secret=cert-manager/cert-manager-webhook-ca"
// +kubebuilder:selectablefield:JSONPath=`.spec.selectableFieldString`

// CronJob is the Schema for the cronjobs API
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CronJobSpec   `json:"spec,omitempty"`
	Status CronJobStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CronJobList contains a list of CronJob
type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}
