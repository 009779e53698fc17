#!/usr/bin/env bash
# Pins one Go tools module: writes tools/kubernetes/<dir>/go.mod and go.sum for a tool at a version.
# Run it only to move a pin; the build (scripts/tools/build-kubernetes-tools.mjs) reads the committed files.
#   pin.sh kube-apiserver 1.36.3   (k8s.io/kubernetes is not meant as a dependency: its staging modules,
#                                   required there as v0.0.0, are replaced with the matching k8s.io/* tags)
#   pin.sh etcd 3.6.16 | controller-gen 0.21.0 | helm 4.3.1
set -euo pipefail
tool=$1 version=$2
here=$(cd "$(dirname "$0")" && pwd)
case $tool in
  kube-apiserver) dir=$here/kube-apiserver-${version%.*}; module=k8s.io/kubernetes; pkg=k8s.io/kubernetes/cmd/kube-apiserver ;;
  etcd) dir=$here/etcd; module=go.etcd.io/etcd/server/v3; pkg=go.etcd.io/etcd/server/v3 ;;
  controller-gen) dir=$here/controller-gen; module=sigs.k8s.io/controller-tools; pkg=sigs.k8s.io/controller-tools/cmd/controller-gen ;;
  helm) dir=$here/helm; module=helm.sh/helm/v${version%%.*}; pkg=helm.sh/helm/v${version%%.*}/cmd/helm ;;
  *) echo "pin.sh: unknown tool $tool" >&2; exit 2 ;;
esac
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
go mod init "scaffolder.tools/$(basename "$dir")" >/dev/null 2>&1
if [[ $tool == kube-apiserver ]]; then
  staging=v0.${version#1.}
  modfile=$(go mod download -json "$module@v$version" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')
  for m in $(awk '$2 == "v0.0.0" && $1 ~ /^k8s.io\// {print $1}' "$modfile"); do
    go mod edit -replace "$m=$m@$staging"
  done
fi
go get -tool "$pkg@v$version"
go mod tidy
go mod edit -go=1.26.0  # any 1.26 patch builds it; no toolchain download
echo "pinned $tool $version in $dir"
