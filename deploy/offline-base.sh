#!/usr/bin/env bash
# The images' base, made here when its registry cannot be reached (`npm run images:build` calls this then):
# Debian bookworm from Debian's packages (debootstrap, minbase, the slim image's dpkg filters), the official Node of
# .nvmrc and the npm of package.json's packageManager from the npm registry (`scripts/node.sh dir linux <arch>`: the
# packages node-linux-<arch> and npm), and the `node` user (uid 1000, home /home/node) that the official
# node:*-bookworm-slim image has. Imported into the engine under the name the Dockerfiles use (`NODE_IMAGE`), so they
# build unchanged. Not the Docker Official Image byte for byte: same Debian release, same Node build, same user.
#
#   deploy/offline-base.sh <engine: podman|docker> <image name, e.g. node:24.21.0-bookworm-slim>
set -euo pipefail
engine=${1:?engine: podman or docker}
image=${2:?image name}
root=$(cd "$(dirname "$0")/.." && pwd)
# ARCH (amd64 or arm64, default: this machine's): another architecture than the machine's needs qemu-user-static
# registered with binfmt_misc (Debian's qemu-user-static and binfmt-support), for debootstrap's second stage.
case "${ARCH:-$(uname -m)}" in aarch64 | arm64) arch=arm64 debarch=arm64 ;; *) arch=x64 debarch=amd64 ;; esac
node_dist=$("$root/scripts/node.sh" dir linux "$arch")
node_version=$(tr -d ' v\n' <"$root/.nvmrc")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install debootstrap" >&2; exit 1; }

work=$(mktemp -d /var/tmp/aritmetica-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
mkdir -p "$rootfs/etc/dpkg/dpkg.cfg.d"
# The slim images' filter (docker-debian-artifacts' "slim" variant): no manuals, docs or locales in the image.
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/en*
EOF

echo "▶ debootstrap bookworm (minbase, $debarch) from $mirror"
debootstrap --arch="$debarch" --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/* \
  "$rootfs"/usr/share/doc/*/changelog* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*

echo "▶ Node $node_version and npm (linux-$arch, $node_dist)"
install -D -m 0755 "$node_dist/bin/node" "$rootfs/usr/local/bin/node"
[ -d "$node_dist/include" ] && cp -a "$node_dist/include" "$rootfs/usr/local/"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$node_dist/lib/node_modules/npm" "$rootfs/usr/local/lib/node_modules/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# The official image's user: node, uid and gid 1000.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

echo "▶ import as $image"
tar -C "$rootfs" --numeric-owner -c . | "$engine" import --arch "$debarch" --os linux \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
"$engine" image inspect --format '{{.Id}}' "$image"
