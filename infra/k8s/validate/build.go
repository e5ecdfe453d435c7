package main

import (
	"fmt"

	cnpgv1 "github.com/cloudnative-pg/api/pkg/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/json"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// kinds maps every kind the manifests may hold to its Go type: the API server's own types for
// the built-in kinds, CloudNativePG's for its resources. A kind missing here is an error, so a new
// kind cannot slip past validation undecoded.
var kinds = map[schema.GroupVersionKind]func() any{
	{Version: "v1", Kind: "Namespace"}:                                     func() any { return &corev1.Namespace{} },
	{Version: "v1", Kind: "ConfigMap"}:                                     func() any { return &corev1.ConfigMap{} },
	{Version: "v1", Kind: "Secret"}:                                        func() any { return &corev1.Secret{} },
	{Version: "v1", Kind: "Service"}:                                       func() any { return &corev1.Service{} },
	{Group: "apps", Version: "v1", Kind: "Deployment"}:                     func() any { return &appsv1.Deployment{} },
	{Group: "batch", Version: "v1", Kind: "Job"}:                           func() any { return &batchv1.Job{} },
	{Group: "policy", Version: "v1", Kind: "PodDisruptionBudget"}:          func() any { return &policyv1.PodDisruptionBudget{} },
	{Group: "autoscaling", Version: "v2", Kind: "HorizontalPodAutoscaler"}: func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	{Group: "networking.k8s.io", Version: "v1", Kind: "NetworkPolicy"}:     func() any { return &networkingv1.NetworkPolicy{} },
	{Group: "postgresql.cnpg.io", Version: "v1", Kind: "Cluster"}:          func() any { return &cnpgv1.Cluster{} },
	{Group: "postgresql.cnpg.io", Version: "v1", Kind: "ScheduledBackup"}:  func() any { return &cnpgv1.ScheduledBackup{} },
	{Group: "postgresql.cnpg.io", Version: "v1", Kind: "Database"}:         func() any { return &cnpgv1.Database{} },
}

// object is one manifest of a build, decoded.
type object struct {
	gvk             schema.GroupVersionKind
	namespace, name string
	labels          map[string]string
	value           any // a pointer to the type in kinds
}

func (o object) String() string {
	id := o.name
	if o.namespace != "" {
		id = o.namespace + "/" + o.name
	}
	return fmt.Sprintf("%s %s %s", o.gvk.GroupVersion(), o.gvk.Kind, id)
}

// buildOverlay runs kustomize (the library kubectl and kustomize use) on dir, from the disk as it
// is, and returns each resulting manifest as JSON.
func buildOverlay(dir string) ([][]byte, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	var out [][]byte
	for _, r := range m.Resources() {
		b, err := r.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("kustomize build %s: %s: %w", dir, r.CurId(), err)
		}
		out = append(out, b)
	}
	return out, nil
}

// renderOverlay is the overlay's build as one YAML stream.
func renderOverlay(dir string) ([]byte, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	return m.AsYaml()
}

// decodeStrict decodes one manifest into its Go type. Unknown fields, fields in the wrong case
// and duplicate fields are errors, as with the API server's strict field validation
// (kubectl apply --validate=strict), which uses the same decoder.
func decodeStrict(raw []byte) (object, error) {
	var head struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name      string            `json:"name"`
			Namespace string            `json:"namespace"`
			Labels    map[string]string `json:"labels"`
		} `json:"metadata"`
	}
	if err := json.UnmarshalCaseSensitivePreserveInts(raw, &head); err != nil {
		return object{}, err
	}
	gv, err := schema.ParseGroupVersion(head.APIVersion)
	if err != nil {
		return object{}, err
	}
	o := object{gvk: gv.WithKind(head.Kind), namespace: head.Metadata.Namespace, name: head.Metadata.Name, labels: head.Metadata.Labels}
	newValue, ok := kinds[o.gvk]
	if !ok {
		return o, fmt.Errorf("no Go type for %s %s: add it to kinds in build.go", head.APIVersion, head.Kind)
	}
	o.value = newValue()
	strict, err := json.UnmarshalStrict(raw, o.value)
	if err != nil {
		return o, err
	}
	if len(strict) > 0 {
		msg := ""
		for i, e := range strict {
			if i > 0 {
				msg += "; "
			}
			msg += e.Error()
		}
		return o, fmt.Errorf("%s", msg)
	}
	return o, nil
}
