#!/usr/bin/env bash
# Validates the Kubernetes manifests without a cluster or network (beyond the Go module proxy on
# the first run): builds each overlay with Kustomize's library, decodes every object strictly into
# its Go type (Kubernetes's, CloudNativePG's) and checks the deployment's invariants
# (infra/k8s/validate). Prints one line per object, one per problem and a summary; exits non-zero
# on any problem.
#
#   infra/k8s/validate.sh               dev and prod
#   infra/k8s/validate.sh prod          one overlay
set -euo pipefail
cd "$(dirname "$0")/validate"

overlays=()
for o in "${@:-dev prod}"; do
  for name in $o; do overlays+=("../overlays/$name"); done
done

# The validator's own module: tidy, vetted, and its tests pass (they feed it broken manifests
# from testdata/ and require each to be rejected for its reason).
go mod tidy -diff >/dev/null || { echo "validate.sh: infra/k8s/validate/go.mod is not tidy: run go mod tidy there" >&2; exit 1; }
go vet ./...
go test -count=1 ./... >/dev/null || { go test -count=1 ./...; exit 1; }
echo "validate.sh: the validator rejects each broken manifest in infra/k8s/validate/testdata"

go run . -repo ../../.. "${overlays[@]}"
