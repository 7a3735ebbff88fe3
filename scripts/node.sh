#!/usr/bin/env bash
# The project's Node (the exact version of .nvmrc) and npm (package.json's packageManager), for a machine whose Node
# is another: the official builds from the npm registry (the packages node-<os>-<arch> and npm), fetched once into
# ${XDG_CACHE_HOME:-~/.cache}/aritmetica. A machine that already runs that Node gets nothing.
#
#   eval "$(scripts/node.sh)"          PATH with that Node and npm first, in this shell (what .ci/run does)
#   scripts/node.sh dir [os] [arch]    the folder of that Node for another platform (the offline image base)
set -euo pipefail
shopt -s inherit_errexit
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
node_version=$(tr -d ' v\r\n' <"$root/.nvmrc")
npm_version=$(sed -n 's/^ *"packageManager": *"npm@\([^"]*\)".*/\1/p' "$root/package.json")
case "$node_version@$npm_version" in
  [0-9]*.[0-9]*.[0-9]*@[0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "✖ .nvmrc e packageManager precisam de versões exatas (x.y.z): '$node_version', '$npm_version'" >&2; exit 1 ;;
esac
registry=${npm_config_registry:-https://registry.npmjs.org/}
registry=${registry%/}

say() { echo "$*" >&2; }

# One package of the registry, unpacked into $2: with npm when there is one (it checks the registry's integrity),
# else over HTTPS, checked against the sha512 the registry publishes for that version.
fetch() {
  local spec=$1 into=$2 name=${1%@*} version=${1##*@} tmp
  tmp=$(mktemp -d)
  if command -v npm >/dev/null 2>&1; then
    (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  else
    command -v curl >/dev/null 2>&1 || { say "✖ sem npm nem curl para buscar $spec"; return 1; }
    local integrity
    integrity=$(curl -fsSL "$registry/$name/$version" | sed -n 's/.*"integrity": *"sha512-\([^"]*\)".*/\1/p')
    curl -fsSL -o "$tmp/package.tgz" "$registry/$name/-/$name-$version.tgz"
    [ -n "$integrity" ] && [ "$(openssl dgst -sha512 -binary "$tmp/package.tgz" | openssl base64 -A)" = "$integrity" ] \
      || { say "✖ $spec: o pacote baixado não confere com o registro"; return 1; }
  fi
  mkdir -p "$into"
  tar -xzf "$tmp"/*.tgz -C "$into" --strip-components=1
  rm -rf "$tmp"
}

# The folder holding bin/node and bin/npm of that Node for os/arch, made once (atomically: a crash leaves no half).
dist() {
  local os=$1 arch=$2 dir
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/aritmetica/node-v$node_version-npm-$npm_version-$os-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    say "▶ Node $node_version e npm $npm_version ($os-$arch) do registro do npm, uma vez, em $dir"
    mkdir -p "$(dirname "$dir")"
    partial=$(mktemp -d "$dir.XXXXXX")
    # dist runs in a subshell ($(…)): a failed fetch ends it here, leaving no half-made folder.
    trap 'rm -rf "$partial"; say "✖ o Node do projeto não pôde ser buscado no registro do npm ($registry)"' EXIT
    fetch "node-$os-$arch@$node_version" "$partial"
    fetch "npm@$npm_version" "$partial/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$partial/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$partial/bin/npx"
    trap - EXIT
    if [ -e "$dir" ]; then rm -rf "$partial"; else mv "$partial" "$dir"; fi # another run may have made it first
  fi
  echo "$dir"
}

platform() {
  case "$(uname -s)" in Linux) printf linux ;; Darwin) printf darwin ;; *) say "✖ sistema sem Node oficial: $(uname -s)"; return 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) printf ' x64' ;; aarch64 | arm64) printf ' arm64' ;; *) say "✖ processador sem Node oficial: $(uname -m)"; return 1 ;; esac
}

case "${1:-env}" in
  dir)
    read -r os arch <<<"$(platform)"
    dist "${2:-$os}" "${3:-$arch}"
    ;;
  env)
    if [ "$(node -v 2>/dev/null || true)" = "v$node_version" ] && [ "$(npm -v 2>/dev/null || true)" = "$npm_version" ]; then
      exit 0
    fi
    if [ -e /etc/alpine-release ] || (ldd --version 2>&1 | grep -qi musl); then
      say "✖ o Node oficial não roda com musl (Alpine): instale o Node $node_version do sistema"
      exit 1
    fi
    read -r os arch <<<"$(platform)"
    bin="$(dist "$os" "$arch")/bin"
    printf 'export PATH=%q:"$PATH"\n' "$bin"
    ;;
  *)
    say "uso: eval \"\$(scripts/node.sh)\" | scripts/node.sh dir [os] [arch]"
    exit 2
    ;;
esac
