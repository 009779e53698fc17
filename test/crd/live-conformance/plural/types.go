// Go twin of test/fixtures/crd/testdata/plural (written for the live conformance test).

// +groupName=plural.example.com
// +versionName=v1
package plural

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type TestQuota struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Test              string `json:"test,omitempty"`
}
