package main

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"

	cnpgv1 "github.com/cloudnative-pg/api/pkg/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

const componentLabel = "app.kubernetes.io/component"

// components are the values of app.kubernetes.io/component. docs/operations.md deploys in steps
// selected by them (namespace; database, config, network-policy; the two migrations; the rest),
// so an object with another value would be left out of every step.
var components = []string{
	"namespace", "network-policy", "config", "database",
	"migrate", "kratos-migrate",
	"server", "worker", "kratos", "kratos-courier",
}

// the pods that run the klusmaat binary and so read cmd/klusmaat/config.go's settings
var klusmaatComponents = []string{"server", "worker", "migrate"}

// workload is a pod template and where it comes from.
type workload struct {
	kind, name, component string
	pod                   *corev1.PodTemplateSpec
}

// checker collects the objects of one build and the problems found in them.
type checker struct {
	repo     repoFacts
	objects  []object
	problems []string
	checks   int

	workloads   []workload
	deployments map[string]*appsv1.Deployment
	configMaps  map[string]*corev1.ConfigMap
	services    map[string]*corev1.Service
	policies    []*networkingv1.NetworkPolicy
	hpas        []*autoscalingv2.HorizontalPodAutoscaler
	pdbs        []*policyv1.PodDisruptionBudget
	clusters    []*cnpgv1.Cluster
	backups     []*cnpgv1.ScheduledBackup
	databases   []*cnpgv1.Database
}

// check counts one invariant and records a problem when it does not hold.
func (c *checker) check(ok bool, format string, args ...any) bool {
	c.checks++
	if !ok {
		c.problems = append(c.problems, fmt.Sprintf(format, args...))
	}
	return ok
}

func newChecker(repo repoFacts, objects []object) *checker {
	c := &checker{repo: repo, objects: objects,
		deployments: map[string]*appsv1.Deployment{}, configMaps: map[string]*corev1.ConfigMap{},
		services:  map[string]*corev1.Service{},
		policies:  objectsOf[*networkingv1.NetworkPolicy](objects),
		hpas:      objectsOf[*autoscalingv2.HorizontalPodAutoscaler](objects),
		pdbs:      objectsOf[*policyv1.PodDisruptionBudget](objects),
		clusters:  objectsOf[*cnpgv1.Cluster](objects),
		backups:   objectsOf[*cnpgv1.ScheduledBackup](objects),
		databases: objectsOf[*cnpgv1.Database](objects)}
	for _, o := range objects {
		switch v := o.value.(type) {
		case *appsv1.Deployment:
			c.deployments[v.Name] = v
			c.workloads = append(c.workloads, workload{"Deployment", v.Name, v.Labels[componentLabel], &v.Spec.Template})
		case *batchv1.Job:
			c.workloads = append(c.workloads, workload{"Job", v.Name, v.Labels[componentLabel], &v.Spec.Template})
		case *corev1.ConfigMap:
			c.configMaps[v.Name] = v
		case *corev1.Service:
			c.services[v.Name] = v
		}
	}
	return c
}

// objectsOf are the objects of type T, in the build's order.
func objectsOf[T any](objects []object) []T {
	var out []T
	for _, o := range objects {
		if v, ok := o.value.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// run checks every invariant and returns the problems found.
func (c *checker) run() []string {
	c.checkPresence()
	c.checkLabels()
	c.checkNoSecrets()
	for _, w := range c.workloads {
		c.checkPodSecurity(w)
		c.checkEnvReferences(w)
	}
	c.checkServer()
	c.checkScaling()
	c.checkKlusmaatSettings()
	c.checkKratos()
	c.checkNetworkPolicies()
	c.checkDatabase()
	c.checkServices()
	return c.problems
}

func (c *checker) byComponent(component string) []workload {
	var out []workload
	for _, w := range c.workloads {
		if w.component == component {
			out = append(out, w)
		}
	}
	return out
}

// one is the single workload of a component; checkPresence reports when there is not one.
func (c *checker) one(component string) (workload, bool) {
	ws := c.byComponent(component)
	if len(ws) != 1 {
		return workload{}, false
	}
	return ws[0], true
}

func (c *checker) checkPresence() {
	for _, comp := range []string{"server", "worker", "migrate", "kratos", "kratos-courier", "kratos-migrate"} {
		n := len(c.byComponent(comp))
		c.check(n == 1, "expected one %s workload, found %d", comp, n)
	}
}

func (c *checker) checkLabels() {
	for _, o := range c.objects {
		comp := o.labels[componentLabel]
		c.check(slices.Contains(components, comp), "%s: label %s=%q is not one of %v (docs/operations.md deploys by it)", o, componentLabel, comp, components)
		if o.gvk.Kind != "Namespace" {
			c.check(o.labels["app.kubernetes.io/part-of"] == "klusmaat", "%s: no label app.kubernetes.io/part-of=klusmaat", o)
		}
	}
}

// Secrets are referenced, never written down: no Secret objects, no literal values in variables
// that look secret, no credentials in URLs except a $(VAR) filled from a secretKeyRef.
var (
	secretName = regexp.MustCompile(`(?i)PASSWORD|SECRET|TOKEN|PRIVATE|(^|_)KEY$|CREDENTIAL`)
	urlUserPw  = regexp.MustCompile(`[a-z0-9+.-]+://([^/@:\s]+):([^@/\s]*)@`)
	envRef     = regexp.MustCompile(`^\$\(([A-Z_][A-Z0-9_]*)\)$`)
)

func (c *checker) checkNoSecrets() {
	for _, o := range c.objects {
		c.check(o.gvk.Kind != "Secret", "%s: Secrets are created in the cluster, not kept in the repository", o)
	}
	for name, cm := range c.configMaps {
		for k, v := range cm.Data {
			c.check(!secretName.MatchString(k), "ConfigMap %s: key %s looks secret; put it in a Secret", name, k)
			c.check(!urlUserPw.MatchString(v), "ConfigMap %s: %s holds a URL with a password", name, k)
		}
	}
	for _, w := range c.workloads {
		for _, ct := range containers(w.pod) {
			fromSecret := map[string]bool{}
			for _, e := range ct.Env {
				where := fmt.Sprintf("%s %s container %s env %s", w.kind, w.name, ct.Name, e.Name)
				if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
					fromSecret[e.Name] = true
				}
				if e.Value == "" {
					continue
				}
				c.check(!secretName.MatchString(e.Name), "%s: a literal value for a secret; use secretKeyRef", where)
				for _, m := range urlUserPw.FindAllStringSubmatch(e.Value, -1) {
					ref := envRef.FindStringSubmatch(m[2])
					c.check(ref != nil && fromSecret[ref[1]],
						"%s: the URL's password must be $(VAR) with VAR from a secretKeyRef defined above it, not %q", where, m[2])
				}
			}
		}
	}
}

func containers(pod *corev1.PodTemplateSpec) []corev1.Container {
	return append(append([]corev1.Container{}, pod.Spec.InitContainers...), pod.Spec.Containers...)
}

// checkPodSecurity: non-root, no privilege escalation, read-only root, no capabilities, the
// default seccomp profile, sized, and a pinned image: the Pod Security "restricted" profile and
// a little more.
func (c *checker) checkPodSecurity(w workload) {
	spec := w.pod.Spec
	psc := spec.SecurityContext
	if psc == nil {
		psc = &corev1.PodSecurityContext{}
	}
	c.check(spec.AutomountServiceAccountToken != nil && !*spec.AutomountServiceAccountToken,
		"%s %s: automountServiceAccountToken must be false (no Klusmaat pod calls the Kubernetes API)", w.kind, w.name)
	for _, ct := range containers(w.pod) {
		where := fmt.Sprintf("%s %s container %s", w.kind, w.name, ct.Name)
		sc := ct.SecurityContext
		if sc == nil {
			sc = &corev1.SecurityContext{}
		}
		nonRoot := sc.RunAsNonRoot
		if nonRoot == nil {
			nonRoot = psc.RunAsNonRoot
		}
		user := sc.RunAsUser
		if user == nil {
			user = psc.RunAsUser
		}
		seccomp := sc.SeccompProfile
		if seccomp == nil {
			seccomp = psc.SeccompProfile
		}
		c.check(nonRoot != nil && *nonRoot, "%s: runAsNonRoot must be true", where)
		c.check(user == nil || *user != 0, "%s: runAsUser 0 is root", where)
		c.check(seccomp != nil && (seccomp.Type == corev1.SeccompProfileTypeRuntimeDefault || seccomp.Type == corev1.SeccompProfileTypeLocalhost),
			"%s: seccompProfile must be RuntimeDefault", where)
		c.check(sc.Privileged == nil || !*sc.Privileged, "%s: privileged", where)
		c.check(sc.AllowPrivilegeEscalation != nil && !*sc.AllowPrivilegeEscalation, "%s: allowPrivilegeEscalation must be false", where)
		c.check(sc.ReadOnlyRootFilesystem != nil && *sc.ReadOnlyRootFilesystem, "%s: readOnlyRootFilesystem must be true", where)
		c.check(sc.Capabilities != nil && slices.Contains(sc.Capabilities.Drop, "ALL") && len(sc.Capabilities.Add) == 0,
			"%s: capabilities must drop ALL and add none", where)
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			_, req := ct.Resources.Requests[r]
			_, lim := ct.Resources.Limits[r]
			c.check(req && lim, "%s: %s request and limit must be set", where, r)
		}
		c.check(pinnedImage(ct.Image), "%s: image %q must carry a version tag or a digest, not latest", where, ct.Image)
	}
}

func pinnedImage(image string) bool {
	if strings.Contains(image, "@sha256:") {
		return true
	}
	i := strings.LastIndex(image, ":")
	if i < 0 || strings.Contains(image[i:], "/") {
		return false
	}
	tag := image[i+1:]
	return tag != "" && tag != "latest"
}

func imageTag(image string) string {
	if i := strings.LastIndex(image, ":"); i >= 0 && !strings.Contains(image[i:], "/") {
		return image[i+1:]
	}
	return ""
}

// checkEnvReferences: every ConfigMap a pod names exists in the build (a Secret cannot be
// checked here: it lives only in the cluster).
func (c *checker) checkEnvReferences(w workload) {
	for _, ct := range containers(w.pod) {
		for _, ef := range ct.EnvFrom {
			if ef.ConfigMapRef != nil {
				_, ok := c.configMaps[ef.ConfigMapRef.Name]
				c.check(ok, "%s %s: envFrom ConfigMap %s is not in the build", w.kind, w.name, ef.ConfigMapRef.Name)
			}
		}
		for _, e := range ct.Env {
			if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
				cm, ok := c.configMaps[e.ValueFrom.ConfigMapKeyRef.Name]
				c.check(ok && cm.Data[e.ValueFrom.ConfigMapKeyRef.Key] != "", "%s %s: env %s names a missing ConfigMap key", w.kind, w.name, e.Name)
			}
		}
	}
	for _, v := range w.pod.Spec.Volumes {
		if v.ConfigMap != nil {
			_, ok := c.configMaps[v.ConfigMap.Name]
			c.check(ok, "%s %s: volume ConfigMap %s is not in the build", w.kind, w.name, v.ConfigMap.Name)
		}
	}
}

// env returns a container's variable by name.
func env(ct corev1.Container, name string) (corev1.EnvVar, bool) {
	for _, e := range ct.Env {
		if e.Name == name {
			return e, true
		}
	}
	return corev1.EnvVar{}, false
}

// checkServer: the server runs `serve` with both probes on the paths the code serves, does not
// migrate at start-up, and leaves the jobs to the worker Deployment.
func (c *checker) checkServer() {
	w, ok := c.one("server")
	if !ok {
		return
	}
	c.check(w.kind == "Deployment", "the server must be a Deployment")
	ct := w.pod.Spec.Containers[0]
	c.check(len(ct.Args) > 0 && ct.Args[0] == "serve", "server: args must start with serve, not %v", ct.Args)
	for _, p := range []struct {
		name  string
		probe *corev1.Probe
		path  string
	}{{"readinessProbe", ct.ReadinessProbe, "/readyz"}, {"livenessProbe", ct.LivenessProbe, "/healthz"}} {
		if !c.check(p.probe != nil && p.probe.HTTPGet != nil, "server: %s (HTTP GET %s) is missing", p.name, p.path) {
			continue
		}
		c.check(p.probe.HTTPGet.Path == p.path, "server: %s must GET %s, not %s", p.name, p.path, p.probe.HTTPGet.Path)
		c.check(c.repo.healthPaths[p.path], "server: %s: services/server/server.go serves no GET %s", p.name, p.path)
		c.check(resolvePort(ct, p.probe.HTTPGet.Port) == 8080, "server: %s must probe the HTTP port 8080", p.name)
	}
	owner, ok := env(ct, "DATABASE_OWNER_URL")
	c.check(ok && owner.Value == "" && owner.ValueFrom == nil,
		"server: DATABASE_OWNER_URL must be set and empty, so that serve leaves migrating to the Job and holds no owner password")
	if len(c.byComponent("worker")) > 0 {
		rw, _ := env(ct, "KLUSMAAT_RUN_WORKERS")
		c.check(rw.Value == "false", "server: KLUSMAAT_RUN_WORKERS must be false when the worker Deployment runs the jobs")
	}
	// migrate stores the actor key that serve and worker must present (README, Database).
	var keys []string
	for _, comp := range klusmaatComponents {
		for _, w := range c.byComponent(comp) {
			e, _ := env(w.pod.Spec.Containers[0], "KLUSMAAT_ACTOR_KEY")
			ref := "(not from a Secret)"
			if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
				ref = e.ValueFrom.SecretKeyRef.Name + "/" + e.ValueFrom.SecretKeyRef.Key
			}
			keys = append(keys, ref)
		}
	}
	c.check(len(keys) > 0 && !slices.Contains(keys, "(not from a Secret)") && len(slices.Compact(slices.Sorted(slices.Values(keys)))) == 1,
		"server, worker and migrate must read KLUSMAAT_ACTOR_KEY from the same Secret key, found %v", keys)
	mig, ok := c.one("migrate")
	if ok {
		mct := mig.pod.Spec.Containers[0]
		c.check(mig.kind == "Job" && len(mct.Args) > 0 && mct.Args[0] == "migrate", "migrate: a Job running `klusmaat migrate`")
		e, _ := env(mct, "DATABASE_OWNER_URL")
		c.check(e.Value != "", "migrate: DATABASE_OWNER_URL must be set")
	}
}

func resolvePort(ct corev1.Container, p intstr.IntOrString) int32 {
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range ct.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	return 0
}

// checkScaling: the HPA and the PDB act on the server, with at least two replicas.
func (c *checker) checkScaling() {
	server, ok := c.one("server")
	if !ok {
		return
	}
	dep := c.deployments[server.name]
	c.check(dep.Spec.Replicas == nil || *dep.Spec.Replicas >= 2, "server: replicas %v; at least 2 (or none, left to the HPA)", dep.Spec.Replicas)
	var serverHPA int
	for _, h := range c.hpas {
		ref := h.Spec.ScaleTargetRef
		if !c.check(ref.Kind == "Deployment" && ref.APIVersion == "apps/v1" && c.deployments[ref.Name] != nil,
			"HPA %s: scaleTargetRef %s %s is not a Deployment of the build", h.Name, ref.Kind, ref.Name) {
			continue
		}
		if ref.Name != server.name {
			continue
		}
		serverHPA++
		c.check(h.Spec.MinReplicas != nil && *h.Spec.MinReplicas >= 2, "HPA %s: minReplicas must be at least 2", h.Name)
		c.check(h.Spec.MinReplicas != nil && h.Spec.MaxReplicas >= *h.Spec.MinReplicas, "HPA %s: maxReplicas below minReplicas", h.Name)
		for _, m := range h.Spec.Metrics {
			if m.Type == autoscalingv2.ResourceMetricSourceType && m.Resource != nil && m.Resource.Name == corev1.ResourceCPU {
				for _, ct := range server.pod.Spec.Containers {
					_, ok := ct.Resources.Requests[corev1.ResourceCPU]
					c.check(ok, "HPA %s scales on CPU utilization: container %s needs a CPU request", h.Name, ct.Name)
				}
			}
		}
	}
	c.check(serverHPA == 1, "expected one HorizontalPodAutoscaler for the server, found %d", serverHPA)
	var serverPDB int
	for _, p := range c.pdbs {
		matched := c.matching(p.Spec.Selector)
		c.check(len(matched) > 0, "PDB %s selects no pods", p.Name)
		if slices.Contains(matched, server.name) {
			serverPDB++
			c.check(len(matched) == 1, "PDB %s selects the server and also %v", p.Name, matched)
			c.check(p.Spec.MaxUnavailable != nil || p.Spec.MinAvailable != nil, "PDB %s: no budget", p.Name)
		}
	}
	c.check(serverPDB == 1, "expected one PodDisruptionBudget for the server, found %d", serverPDB)
}

// matching names the workloads whose pods the selector selects.
func (c *checker) matching(sel *metav1.LabelSelector) []string {
	s, err := metav1.LabelSelectorAsSelector(sel)
	if err != nil || sel == nil {
		return nil
	}
	var out []string
	for _, w := range c.workloads {
		if s.Matches(labels.Set(w.pod.Labels)) {
			out = append(out, w.name)
		}
	}
	return out
}

// checkKlusmaatSettings: the klusmaat pods set only variables cmd/klusmaat/config.go reads
// (a misspelt name would silently leave the default), plus the $(VAR) helpers and the AWS SDK's
// credentials from a Secret.
func (c *checker) checkKlusmaatSettings() {
	for _, comp := range klusmaatComponents {
		for _, w := range c.byComponent(comp) {
			for _, ct := range w.pod.Spec.Containers {
				used := map[string]bool{}
				for _, e := range ct.Env {
					for _, m := range regexp.MustCompile(`\$\(([A-Z_][A-Z0-9_]*)\)`).FindAllStringSubmatch(e.Value, -1) {
						used[m[1]] = true
					}
				}
				for _, e := range ct.Env {
					helper := used[e.Name] && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil
					c.check(c.repo.settings[e.Name] || helper,
						"%s %s: env %s is not a setting of cmd/klusmaat/config.go", w.kind, w.name, e.Name)
				}
				for _, ef := range ct.EnvFrom {
					if ef.ConfigMapRef == nil {
						continue
					}
					for k := range c.configMaps[ef.ConfigMapRef.Name].Data {
						c.check(c.repo.settings[k], "%s %s: ConfigMap %s key %s is not a setting of cmd/klusmaat/config.go",
							w.kind, w.name, ef.ConfigMapRef.Name, k)
					}
				}
			}
		}
	}
}

// settingValue is a klusmaat setting as the server sees it (env or its envFrom ConfigMaps).
func (c *checker) settingValue(w workload, name string) string {
	ct := w.pod.Spec.Containers[0]
	if e, ok := env(ct, name); ok {
		return e.Value
	}
	for _, ef := range ct.EnvFrom {
		if ef.ConfigMapRef != nil && c.configMaps[ef.ConfigMapRef.Name] != nil {
			if v, ok := c.configMaps[ef.ConfigMapRef.Name].Data[name]; ok {
				return v
			}
		}
	}
	return ""
}

// checkKratos: one courier, Kratos serving without it, the pinned version everywhere, the
// configuration equal to the template's, and the server's Kratos URLs reaching Kratos's ports.
func (c *checker) checkKratos() {
	kratos, ok := c.one("kratos")
	if !ok {
		return
	}
	courier, okCourier := c.one("kratos-courier")
	migrate, okMigrate := c.one("kratos-migrate")
	kct := kratos.pod.Spec.Containers[0]
	c.check(len(kct.Args) > 0 && kct.Args[0] == "serve" && !slices.Contains(kct.Args, "--watch-courier"),
		"kratos: must run `serve` without --watch-courier (kratos-courier sends the e-mail)")
	c.check(kct.ReadinessProbe != nil && kct.LivenessProbe != nil, "kratos: readinessProbe and livenessProbe must be set")
	if okCourier {
		d := c.deployments[courier.name]
		c.check(d != nil && d.Spec.Replicas != nil && *d.Spec.Replicas == 1 && d.Spec.Strategy.Type == appsv1.RecreateDeploymentStrategyType,
			"kratos-courier: exactly one replica with strategy Recreate (Kratos's courier does not lock messages)")
		args := courier.pod.Spec.Containers[0].Args
		c.check(len(args) > 1 && args[0] == "courier" && args[1] == "watch", "kratos-courier: must run `courier watch`")
	}
	if okMigrate {
		args := migrate.pod.Spec.Containers[0].Args
		c.check(migrate.kind == "Job" && len(args) > 1 && args[0] == "migrate" && args[1] == "sql", "kratos-migrate: a Job running `kratos migrate sql`")
	}
	c.check(c.repo.dockerKratos == c.repo.kratosVersion, "infra/deploy/Dockerfile.kratos builds %s, infra/kratos/build.sh pins %s", c.repo.dockerKratos, c.repo.kratosVersion)

	var dsns []string
	for _, w := range append(append(c.byComponent("kratos"), c.byComponent("kratos-courier")...), c.byComponent("kratos-migrate")...) {
		ct := w.pod.Spec.Containers[0]
		c.check(imageTag(ct.Image) == c.repo.kratosVersion, "%s: image %s, but infra/kratos pins Kratos %s", w.name, ct.Image, c.repo.kratosVersion)
		dsn, _ := env(ct, "DSN")
		dsns = append(dsns, dsn.Value)
		mount := ""
		var cm *corev1.ConfigMap
		for _, vm := range ct.VolumeMounts {
			for _, v := range w.pod.Spec.Volumes {
				if v.Name == vm.Name && v.ConfigMap != nil {
					mount, cm = vm.MountPath, c.configMaps[v.ConfigMap.Name]
				}
			}
		}
		if !c.check(cm != nil, "%s: no Kratos configuration volume", w.name) {
			continue
		}
		files, err := kratosFiles(ct.Args, mount, cm.Data)
		if !c.check(err == nil, "%s: %v", w.name, err) {
			continue
		}
		bind, problems := kratosBindings(c.repo.kratosTmpl, files...)
		for _, p := range problems {
			c.check(false, "%s: %s", w.name, p)
		}
		c.check(bind["DIR"] == "/etc/kratos", "%s: the schema and templates must be under /etc/kratos (Dockerfile.kratos), not %q", w.name, bind["DIR"])
		if server, ok := c.one("server"); ok {
			c.check(bind["ORIGIN"] == c.settingValue(server, "KLUSMAAT_PUBLIC_URL"),
				"%s: Kratos's origin %q differs from the server's KLUSMAAT_PUBLIC_URL %q", w.name, bind["ORIGIN"], c.settingValue(server, "KLUSMAAT_PUBLIC_URL"))
			c.check(bind["BRAND"] == c.settingValue(server, "KLUSMAAT_BRAND"),
				"%s: Kratos's brand %q differs from the server's KLUSMAAT_BRAND %q", w.name, bind["BRAND"], c.settingValue(server, "KLUSMAAT_BRAND"))
		}
	}
	c.check(len(slices.Compact(slices.Sorted(slices.Values(dsns)))) == 1, "Kratos's Deployment, courier and migration must use the same DSN")

	if server, ok := c.one("server"); ok {
		for name, port := range map[string]int32{"KRATOS_PUBLIC_URL": 4433, "KRATOS_ADMIN_URL": 4434} {
			got := c.serviceTarget(c.settingValue(server, name))
			c.check(got == fmt.Sprintf("kratos:%d", port), "server: %s must reach Kratos's port %d through a Service, reaches %q", name, port, got)
		}
	}
}

// serviceTarget follows an in-cluster URL to "<component>:<container port>".
func (c *checker) serviceTarget(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	svc := c.services[u.Hostname()]
	if svc == nil {
		return "no Service " + u.Hostname()
	}
	port := int32(80)
	if u.Port() != "" {
		fmt.Sscan(u.Port(), &port)
	}
	for _, sp := range svc.Spec.Ports {
		if sp.Port != port {
			continue
		}
		for _, w := range c.workloads {
			if w.kind != "Deployment" || !labels.SelectorFromSet(svc.Spec.Selector).Matches(labels.Set(w.pod.Labels)) {
				continue
			}
			for _, ct := range w.pod.Spec.Containers {
				if p := resolvePort(ct, sp.TargetPort); p != 0 {
					return fmt.Sprintf("%s:%d", w.component, p)
				}
			}
		}
	}
	return "nothing behind " + raw
}

// checkNetworkPolicies: ingress is denied by default; the ingress namespace reaches the server;
// Kratos's admin API admits the server pods and nothing else; every database client reaches
// PostgreSQL.
func (c *checker) checkNetworkPolicies() {
	var defaultDeny bool
	for _, p := range c.policies {
		if len(p.Spec.PodSelector.MatchLabels) == 0 && len(p.Spec.PodSelector.MatchExpressions) == 0 &&
			slices.Contains(p.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) && len(p.Spec.Ingress) == 0 {
			defaultDeny = true
		}
	}
	c.check(defaultDeny, "no default-deny ingress NetworkPolicy (empty podSelector, policyTypes Ingress, no rules)")

	server, ok1 := c.one("server")
	kratos, ok2 := c.one("kratos")
	if !ok1 || !ok2 {
		return
	}
	kratosCt := kratos.pod.Spec.Containers[0]
	var serverToKratos = map[int32]bool{}
	for _, p := range c.policies {
		if !selects(&p.Spec.PodSelector, kratos.pod.Labels) {
			continue
		}
		for _, rule := range p.Spec.Ingress {
			admin := len(rule.Ports) == 0
			for _, port := range rule.Ports {
				if port.Port == nil || resolvePort(kratosCt, *port.Port) == 4434 {
					admin = true
				}
			}
			if !admin {
				continue
			}
			if !c.check(len(rule.From) > 0, "NetworkPolicy %s admits everyone to Kratos's admin port", p.Name) {
				continue
			}
			for _, peer := range rule.From {
				other := c.matching(peer.PodSelector)
				c.check(peer.NamespaceSelector == nil && peer.IPBlock == nil && peer.PodSelector != nil &&
					slices.Equal(other, []string{server.name}),
					"NetworkPolicy %s admits to Kratos's admin port more than the server pods (%v)", p.Name, describePeer(peer, other))
			}
		}
		for _, rule := range p.Spec.Ingress {
			for _, peer := range rule.From {
				if peer.NamespaceSelector == nil && peer.IPBlock == nil && selects(peer.PodSelector, server.pod.Labels) {
					for _, port := range rule.Ports {
						if port.Port != nil {
							serverToKratos[resolvePort(kratosCt, *port.Port)] = true
						}
					}
				}
			}
		}
	}
	c.check(serverToKratos[4433] && serverToKratos[4434], "the server must be admitted to Kratos's ports 4433 and 4434")

	var fromIngress bool
	for _, p := range c.policies {
		if !selects(&p.Spec.PodSelector, server.pod.Labels) {
			continue
		}
		for _, rule := range p.Spec.Ingress {
			for _, peer := range rule.From {
				if peer.NamespaceSelector != nil && len(peer.NamespaceSelector.MatchLabels) > 0 {
					for _, port := range rule.Ports {
						if port.Port != nil && resolvePort(server.pod.Spec.Containers[0], *port.Port) == 8080 {
							fromIngress = true
						}
					}
				}
			}
		}
	}
	c.check(fromIngress, "no NetworkPolicy admits the ingress namespace to the server's port 8080")

	for _, cl := range c.clusters {
		instance := map[string]string{"cnpg.io/cluster": cl.Name}
		for _, w := range c.workloads {
			if !strings.Contains(fmt.Sprint(w.pod.Spec.Containers[0].Env), "@"+cl.Name+"-rw:") {
				continue
			}
			var admitted bool
			for _, p := range c.policies {
				if !selects(&p.Spec.PodSelector, instance) {
					continue
				}
				for _, rule := range p.Spec.Ingress {
					for _, peer := range rule.From {
						if peer.NamespaceSelector == nil && peer.IPBlock == nil && selects(peer.PodSelector, w.pod.Labels) {
							for _, port := range rule.Ports {
								if port.Port != nil && port.Port.IntValue() == 5432 {
									admitted = true
								}
							}
						}
					}
				}
			}
			c.check(admitted, "%s %s connects to %s-rw but no NetworkPolicy admits it to port 5432", w.kind, w.name, cl.Name)
		}
	}
	for _, p := range c.policies {
		sel := &p.Spec.PodSelector
		c.check(len(sel.MatchLabels) == 0 || len(c.matching(sel)) > 0 || sel.MatchLabels["cnpg.io/cluster"] != "",
			"NetworkPolicy %s selects no pod of the build", p.Name)
	}
}

func selects(sel *metav1.LabelSelector, podLabels map[string]string) bool {
	if sel == nil {
		return false
	}
	s, err := metav1.LabelSelectorAsSelector(sel)
	return err == nil && s.Matches(labels.Set(podLabels))
}

func describePeer(p networkingv1.NetworkPolicyPeer, pods []string) string {
	switch {
	case p.IPBlock != nil:
		return "ipBlock " + p.IPBlock.CIDR
	case p.NamespaceSelector != nil:
		return "a namespaceSelector"
	default:
		return fmt.Sprintf("pods of %v", pods)
	}
}

// checkDatabase: three instances, archived to S3, backed up nightly, with the roles of
// tenants/schema/bootstrap.sql; the clients reach it by its read-write Service and its CA.
func (c *checker) checkDatabase() {
	if !c.check(len(c.clusters) == 1, "expected one CloudNativePG Cluster, found %d", len(c.clusters)) {
		return
	}
	cl := c.clusters[0]
	c.check(cl.Spec.Instances >= 3, "Cluster %s: %d instances, at least 3", cl.Name, cl.Spec.Instances)
	c.check(cl.Spec.Backup != nil && cl.Spec.Backup.BarmanObjectStore != nil &&
		strings.HasPrefix(cl.Spec.Backup.BarmanObjectStore.DestinationPath, "s3://"),
		"Cluster %s: backup.barmanObjectStore must archive to an s3:// destination", cl.Name)
	// A recovered cluster is a new timeline: archiving it into the folder it recovered from
	// would mix two histories, which CloudNativePG refuses at start-up.
	if cl.Spec.Bootstrap != nil && cl.Spec.Bootstrap.Recovery != nil && cl.Spec.Backup != nil && cl.Spec.Backup.BarmanObjectStore != nil {
		archive := cl.Spec.Backup.BarmanObjectStore.ServerName
		if archive == "" {
			archive = cl.Name
		}
		for _, ext := range cl.Spec.ExternalClusters {
			if ext.Name == cl.Spec.Bootstrap.Recovery.Source && ext.BarmanObjectStore != nil {
				from := ext.BarmanObjectStore.ServerName
				if from == "" {
					from = ext.Name
				}
				c.check(from != archive || ext.BarmanObjectStore.DestinationPath != cl.Spec.Backup.BarmanObjectStore.DestinationPath,
					"Cluster %s recovers from serverName %s and archives into it too; give backup.barmanObjectStore a new serverName", cl.Name, from)
			}
		}
	}
	var nightly bool
	for _, b := range c.backups {
		if c.check(b.Spec.Cluster.Name == cl.Name, "ScheduledBackup %s: cluster %s is not in the build", b.Name, b.Spec.Cluster.Name) {
			nightly = nightly || b.Spec.Method == "" || b.Spec.Method == cnpgv1.BackupMethodBarmanObjectStore
		}
	}
	c.check(nightly, "no ScheduledBackup with method barmanObjectStore for Cluster %s", cl.Name)
	for _, d := range c.databases {
		c.check(d.Spec.ClusterRef.Name == cl.Name, "Database %s: cluster %s is not in the build", d.Name, d.Spec.ClusterRef.Name)
	}

	managed := map[string]cnpgv1.RoleConfiguration{}
	if cl.Spec.Managed != nil {
		for _, r := range cl.Spec.Managed.Roles {
			managed[r.Name] = r
		}
	}
	// Deliberate differences from bootstrap.sql, each with its reason (postgres-cluster.yaml).
	allowed := map[string]string{"klusmaat_owner CREATEDB": "the tests create databases; production does not"}
	roles := make([]string, 0, len(c.repo.roles))
	for name := range c.repo.roles {
		roles = append(roles, name)
	}
	sort.Strings(roles)
	for _, name := range roles {
		want := c.repo.roles[name]
		got, ok := managed[name]
		if !c.check(ok, "Cluster %s: role %s of tenants/schema/bootstrap.sql is not in managed.roles", cl.Name, name) {
			continue
		}
		c.check(got.Login == want.attrs["LOGIN"], "role %s: login %v, bootstrap.sql says %v", name, got.Login, want.attrs["LOGIN"])
		c.check(!got.Superuser && !got.BypassRLS, "role %s: no SUPERUSER, no BYPASSRLS (D4)", name)
		if _, ok := allowed[name+" CREATEDB"]; !ok {
			c.check(got.CreateDB == want.attrs["CREATEDB"], "role %s: createdb %v, bootstrap.sql says %v", name, got.CreateDB, want.attrs["CREATEDB"])
		}
		for _, m := range want.members {
			c.check(slices.Contains(got.InRoles, m), "role %s: bootstrap.sql grants it %s; add it to inRoles", name, m)
		}
		c.check(got.Login == (got.PasswordSecret != nil), "role %s: a login role needs a passwordSecret, a NOLOGIN role none", name)
	}

	for _, w := range c.workloads {
		for _, v := range w.pod.Spec.Volumes {
			if v.Secret != nil && strings.HasSuffix(v.Secret.SecretName, "-ca") {
				c.check(v.Secret.SecretName == cl.Name+"-ca", "%s %s: CA Secret %s, the cluster's is %s-ca", w.kind, w.name, v.Secret.SecretName, cl.Name)
				c.check(len(v.Secret.Items) == 1 && v.Secret.Items[0].Key == "ca.crt",
					"%s %s: mount only ca.crt of %s (the Secret also holds the CA's private key)", w.kind, w.name, v.Secret.SecretName)
			}
		}
	}
}

// checkServices: each Service selects pods and its target ports exist on them.
func (c *checker) checkServices() {
	for name, svc := range c.services {
		var pods []workload
		for _, w := range c.workloads {
			if w.kind == "Deployment" && labels.SelectorFromSet(svc.Spec.Selector).Matches(labels.Set(w.pod.Labels)) {
				pods = append(pods, w)
			}
		}
		if !c.check(len(pods) == 1, "Service %s selects %d Deployments, expected 1", name, len(pods)) {
			continue
		}
		for _, sp := range svc.Spec.Ports {
			c.check(resolvePort(pods[0].pod.Spec.Containers[0], sp.TargetPort) != 0,
				"Service %s: targetPort %s is not a port of %s", name, sp.TargetPort.String(), pods[0].name)
		}
	}
}
