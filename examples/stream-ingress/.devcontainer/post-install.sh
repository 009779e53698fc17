#!/bin/bash
# Tools for developing this operator in the dev container: kind and kubectl (for make test-e2e,
# make install and make deploy), with bash completion, and a docker network for kind.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "ERROR: this script installs to /usr/local/bin and must run as root"
  exit 1
fi

case "$(uname -m)" in
  x86_64) ARCH=amd64 ;;
  aarch64|arm64) ARCH=arm64 ;;
  *) echo "WARNING: unsupported architecture $(uname -m), using amd64"; ARCH=amd64 ;;
esac

COMPLETIONS=/usr/share/bash-completion/completions
mkdir -p "${COMPLETIONS}"
if ! grep -q "source /usr/share/bash-completion/bash_completion" ~/.bashrc 2>/dev/null; then
  echo 'source /usr/share/bash-completion/bash_completion' >> ~/.bashrc
fi

if ! command -v kind >/dev/null 2>&1; then
  curl -Lo /usr/local/bin/kind "https://kind.sigs.k8s.io/dl/latest/kind-linux-${ARCH}"
  chmod +x /usr/local/bin/kind
fi
kind completion bash > "${COMPLETIONS}/kind" || echo "WARNING: no kind completion"

if ! command -v kubectl >/dev/null 2>&1; then
  KUBECTL_VERSION=$(curl -Ls https://dl.k8s.io/release/stable.txt)
  curl -Lo /usr/local/bin/kubectl "https://dl.k8s.io/release/${KUBECTL_VERSION}/bin/linux/${ARCH}/kubectl"
  chmod +x /usr/local/bin/kubectl
fi
kubectl completion bash > "${COMPLETIONS}/kubectl" || echo "WARNING: no kubectl completion"

# The project's dependencies, and scaffolder's completion (npx scaffolder completion).
npm install --no-audit --no-fund || echo "WARNING: npm install failed; run it by hand"
npx --no-install scaffolder completion > "${COMPLETIONS}/scaffolder" 2>/dev/null || echo "WARNING: no scaffolder completion"

for i in $(seq 1 30); do
  if docker info >/dev/null 2>&1; then break; fi
  [ "$i" -eq 30 ] && echo "WARNING: docker not ready after 30s"
  sleep 1
done
docker network inspect kind >/dev/null 2>&1 || docker network create kind >/dev/null 2>&1 || echo "WARNING: could not create the kind network"

kind version
kubectl version --client
docker --version
node --version
echo "Dev container ready."
