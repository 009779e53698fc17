#!/bin/bash
# Prepares the dev container (its onCreateCommand): kind and kubectl with bash completion, the
# docker network kind uses, and the project's npm dependencies. Node.js 24 comes with the image,
# docker with the docker-in-docker feature.
set -euo pipefail

echo "Setting up the stream-ingress dev container"

# The container runs as root: tools go to /usr/local/bin, completions to /usr/share.
if [ "$(id -u)" -ne 0 ]; then
  echo "ERROR: run this script as root" >&2
  exit 1
fi

case "$(uname -m)" in
  x86_64) ARCH=amd64 ;;
  aarch64 | arm64) ARCH=arm64 ;;
  *)
    echo "WARNING: unsupported architecture $(uname -m); using amd64"
    ARCH=amd64
    ;;
esac

COMPLETIONS=/usr/share/bash-completion/completions
mkdir -p "$COMPLETIONS"
if ! grep -q "source /usr/share/bash-completion/bash_completion" ~/.bashrc 2>/dev/null; then
  echo 'source /usr/share/bash-completion/bash_completion' >> ~/.bashrc
fi

if ! command -v kind >/dev/null 2>&1; then
  echo "Installing kind"
  curl -fsSLo /usr/local/bin/kind "https://kind.sigs.k8s.io/dl/latest/kind-linux-${ARCH}"
  chmod +x /usr/local/bin/kind
fi

if ! command -v kubectl >/dev/null 2>&1; then
  echo "Installing kubectl"
  KUBECTL_VERSION="$(curl -fsSL https://dl.k8s.io/release/stable.txt)"
  curl -fsSLo /usr/local/bin/kubectl "https://dl.k8s.io/release/${KUBECTL_VERSION}/bin/linux/${ARCH}/kubectl"
  chmod +x /usr/local/bin/kubectl
fi

for tool in kind kubectl docker; do
  if command -v "$tool" >/dev/null 2>&1; then
    "$tool" completion bash > "${COMPLETIONS}/${tool}" 2>/dev/null || echo "WARNING: no bash completion for $tool"
  fi
done

echo "Waiting for docker"
for i in $(seq 1 30); do
  if docker info >/dev/null 2>&1; then
    echo "docker is ready"
    break
  fi
  if [ "$i" -eq 30 ]; then
    echo "WARNING: docker is not ready after 30s"
  fi
  sleep 1
done

# kind puts its clusters on the docker network "kind".
if ! docker network inspect kind >/dev/null 2>&1; then
  docker network create kind >/dev/null 2>&1 || echo "WARNING: could not create the docker network kind"
fi

echo "Installing the project's dependencies"
npm ci || echo "WARNING: npm ci failed; run it again once the dependencies resolve"

kind version
kubectl version --client
docker --version
node --version
npm --version
echo "Dev container ready: make help lists what you can run."
