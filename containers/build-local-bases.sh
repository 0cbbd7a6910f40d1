#!/usr/bin/env bash
# Makes the base images of containers/local-images.env from Debian's packages, for a machine that
# cannot pull images from a registry: a minimal Debian made with debootstrap, Node.js and npm copied
# from this machine onto it, and PostgreSQL and Caddy installed from Debian. Each image is made only
# when it is missing (the Debian one takes a couple of minutes); MC_REBUILD_BASES=1 makes them again.
# Needs root, podman and debootstrap. Operators pull the official images instead (docs/deploy.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
set -a
# shellcheck source=containers/local-images.env
. "$here/local-images.env"
set +a
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

missing() { [ -n "${MC_REBUILD_BASES:-}" ] || ! podman image exists "$1"; }

if missing "$DEBIAN_IMAGE"; then
  echo "build-local-bases: $DEBIAN_IMAGE (debootstrap from $mirror)"
  rootfs="$(mktemp -d /var/tmp/mission-control-debian.XXXXXX)"
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
    tail -n 20 "$rootfs.log" >&2
    exit 1
  }
  rm -f "$rootfs.log"
  # As Debian's own slim images: no manuals, documentation or translations, now or from later installs.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/info/*
SLIM
  find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright -type f -delete
  rm -rf "$rootfs"/usr/share/{man,locale,info}/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

if missing "$NODE_IMAGE"; then
  node_binary="$(readlink -f "$(command -v node)")"
  npm_folder="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  echo "build-local-bases: $NODE_IMAGE (Node.js $(node --version) and npm $(npm --version) from this machine)"
  context="$(mktemp -d /var/tmp/mission-control-node.XXXXXX)"
  trap 'rm -rf "$context"' EXIT
  cp "$here/node/Containerfile" "$context/"
  cp "$node_binary" "$context/node"
  cp -r "$npm_folder" "$context/npm"
  # This machine's certificate authorities (a network that inspects TLS has one of its own), for npm.
  cp /etc/ssl/certs/ca-certificates.crt "$context/ca-certificates.crt"
  podman build --quiet --network host --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$NODE_IMAGE" "$context" >/dev/null
  rm -rf "$context"
  trap - EXIT
fi

for image in postgres caddy; do
  name="$([ $image = postgres ] && echo "$POSTGRES_IMAGE" || echo "$PROXY_IMAGE")"
  if missing "$name"; then
    echo "build-local-bases: $name (from Debian's packages)"
    podman build --quiet --network host --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$name" "$here/$image" >/dev/null
  fi
done
