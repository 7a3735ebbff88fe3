#!/usr/bin/env bash
# A nats-server of at least 2.11 for the tests and `npm start`, on a machine whose own is older (Debian bookworm ships
# 2.9): Debian's build of the version the images run (docker-compose.yml, deploy/k8s; a unit test holds them equal),
# a static binary, fetched once from Debian's mirror into ${XDG_CACHE_HOME:-~/.cache}/aritmetica. A machine whose
# nats-server is 2.11 or newer gets nothing.
#
#   eval "$(scripts/nats-server.sh)"   PATH with that nats-server first, in this shell (what .ci/run does)
#   scripts/nats-server.sh version     the version a nats-server binary given as $2 reports (x.y.z)
#
# The package is checked against the SHA-256 pinned here. When the mirror no longer has that build (unstable moves
# on), the newest of unstable is taken instead, checked the way apt checks it: the release file's signature with
# Debian's archive keyring, the package index against the release file, the package against the index.
set -euo pipefail
shopt -s inherit_errexit

floor=2.11.0
deb_version=2.15.1-1
declare -A pinned=(
  [amd64]=31ef4ceaa84e8248d449e508472e3770c17c3695cb5cb0ee96e03912724ea884
  [arm64]=68923b614b6b5594bbd63ffdce7258c2155ec448fb4cb7efd099bf9273eca128
)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mirror=${mirror%/}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

say() { echo "$*" >&2; }

version_of() { "$1" --version 2>/dev/null | sed -n 's/.*v\([0-9][0-9.]*\).*/\1/p'; }
at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

arch() {
  case "$(uname -m)" in
    x86_64 | amd64) echo amd64 ;;
    aarch64 | arm64) echo arm64 ;;
    *) say "✖ sem nats-server do Debian para $(uname -m)"; return 1 ;;
  esac
}

sha256() { sha256sum "$1" | cut -d' ' -f1; }

# The newest nats-server of unstable for $1: "<version> <pool path> <sha256>", every step checked.
newest() {
  local a=$1 tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  curl -fsSL -o "$tmp/InRelease" "$mirror/dists/sid/InRelease"
  gpgv --keyring "$keyring" --output "$tmp/Release" "$tmp/InRelease" 2>/dev/null \
    || { say "✖ a assinatura do Release do Debian não confere"; return 1; }
  local index="main/binary-$a/Packages.xz" want
  want=$(awk -v f="$index" '/^SHA256:/{s=1; next} /^[^ ]/{s=0} s && $3==f {print $1}' "$tmp/Release")
  curl -fsSL -o "$tmp/Packages.xz" "$mirror/dists/sid/$index"
  [ -n "$want" ] && [ "$(sha256 "$tmp/Packages.xz")" = "$want" ] \
    || { say "✖ o índice de pacotes do Debian não confere com o Release"; return 1; }
  xz -dc "$tmp/Packages.xz" | awk '
    /^Package: /{p=($2=="nats-server")} p&&/^Version: /{v=$2} p&&/^Filename: /{f=$2} p&&/^SHA256: /{h=$2}
    /^$/{if (p && f) {print v, f, h; exit} p=0}'
}

# The folder holding bin/nats-server, made once (atomically: a crash leaves no half).
dist() {
  local a version file hash dir partial
  a=$(arch)
  version=$deb_version file="pool/main/n/nats-server/nats-server_${deb_version}_$a.deb" hash=${pinned[$a]}
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/aritmetica/nats-server-$version-$a"
  if [ ! -x "$dir/bin/nats-server" ]; then
    mkdir -p "$(dirname "$dir")"
    partial=$(mktemp -d "$dir.XXXXXX")
    trap 'rm -rf "$partial"; say "✖ o nats-server do Debian não pôde ser buscado ($mirror)"' EXIT
    if ! curl -fsSL -o "$partial/p.deb" "$mirror/$file" 2>/dev/null; then
      # The pinned one is gone from the mirror: the newest of unstable, or the reason it could not be found.
      local found
      found=$(newest "$a") && [ -n "$found" ] || { say "✖ nats-server não encontrado no índice do Debian"; exit 1; }
      read -r version file hash <<<"$found"
      dir="${XDG_CACHE_HOME:-$HOME/.cache}/aritmetica/nats-server-$version-$a"
      curl -fsSL -o "$partial/p.deb" "$mirror/$file"
    fi
    say "▶ nats-server $version ($a) do Debian, uma vez, em $dir"
    [ "$(sha256 "$partial/p.deb")" = "$hash" ] || { say "✖ $file: o pacote baixado não confere"; exit 1; }
    mkdir -p "$partial/x" "$partial/bin"
    dpkg-deb --fsys-tarfile "$partial/p.deb" | tar -x -C "$partial/x" ./usr/sbin/nats-server
    mv "$partial/x/usr/sbin/nats-server" "$partial/bin/" && rm -rf "$partial/x" "$partial/p.deb"
    at_least "$(version_of "$partial/bin/nats-server")" "$floor" || { say "✖ $file: não roda aqui"; exit 1; }
    trap - EXIT
    if [ -e "$dir" ]; then rm -rf "$partial"; else mv "$partial" "$dir"; fi # another run may have made it first
  fi
  echo "$dir"
}

case "${1:-env}" in
  env)
    # The one the tests take (libs/stack which()): PATH first, else sbin.
    have=$(command -v nats-server || echo /usr/sbin/nats-server)
    if [ -x "$have" ] && at_least "$(version_of "$have")" "$floor"; then exit 0; fi
    dir=$(dist)
    printf 'export PATH=%q:"$PATH"\n' "$dir/bin"
    ;;
  version) version_of "$2" ;;
  *)
    say "uso: eval \"\$(scripts/nats-server.sh)\" | scripts/nats-server.sh version <binário>"
    exit 2
    ;;
esac
