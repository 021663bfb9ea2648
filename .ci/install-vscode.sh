#!/usr/bin/env bash
# Installs what the real-VS Code test tier needs (../shared/TESTING.md, tier 4):
#   - Debian's chromium (driven headless by playwright-core), ripgrep and libkrb5-dev;
#   - the VS Code 1.100.3 server + web workbench from the npm package code-server@4.100.3,
#     into .vscode-test/code-server/ (git-ignored), NOT into the extension's package.json, so
#     `npm ci` stays fast and the .vsix never sees it.
# Idempotent: every step is skipped when its result is already there. Needs root for apt-get.
# Writes only to .vscode-test/ and a temporary folder it removes on exit (npm's download cache
# also goes under .vscode-test/, so nothing lands in $HOME).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
# code-server 4.100.3 bundles @vscode/ripgrep 1.15.11, whose postinstall downloads this release
# from GitHub unless the tarball is already in its cache folder under $TMPDIR.
RIPGREP_PKG_VERSION=1.15.11
RIPGREP_RELEASE=v13.0.0-10

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${MCP_CATALOG_VSCODE_CACHE:-$repo/.vscode-test}"
prefix="$cache/code-server"
server_main="$prefix/node_modules/code-server/lib/vscode/out/server-main.js"
started=$SECONDS

log() { printf '[install-vscode] %s\n' "$*"; }

# 1. Debian packages ---------------------------------------------------------------------------
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
if ((${#missing[@]})); then
  log "apt-get install ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  log "chromium, ripgrep and libkrb5-dev already installed"
fi

# 2. code-server (the VS Code server inside it) -----------------------------------------------
installed_version() {
  node -p "require('$prefix/node_modules/code-server/package.json').version" 2>/dev/null || true
}
if [[ -f "$server_main" && "$(installed_version)" == "$CODE_SERVER_VERSION" ]]; then
  log "code-server@$CODE_SERVER_VERSION already in $prefix"
else
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  # The ripgrep postinstall only needs a tarball holding `rg`: make it from Debian's binary.
  case "$(uname -m)" in
    x86_64) rg_target=x86_64-unknown-linux-musl ;;
    aarch64) rg_target=aarch64-unknown-linux-musl ;;
    *) rg_target="$(uname -m)-unknown-linux-gnu" ;;
  esac
  rg_cache="$scratch/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
  mkdir -p "$rg_cache" "$scratch/rg"
  cp "$(command -v rg)" "$scratch/rg/rg"
  tar -czf "$rg_cache/ripgrep-$RIPGREP_RELEASE-$rg_target.tar.gz" -C "$scratch/rg" rg

  mkdir -p "$prefix"
  # A package.json of its own so npm installs here and never walks up to the extension's.
  [[ -f "$prefix/package.json" ]] || printf '{ "name": "vscode-test-server", "private": true }\n' >"$prefix/package.json"
  log "npm install code-server@$CODE_SERVER_VERSION into $prefix (about a minute)"
  # --unsafe-perm: code-server's postinstall refuses root otherwise; npm_config_yes: node-pty's
  # postinstall runs `npx node-gyp`, and npm here defaults to yes=false.
  (
    cd "$prefix"
    export TMPDIR="$scratch" npm_config_yes=true npm_config_cache="$cache/npm-cache" \
      npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false \
      XDG_CACHE_HOME="$cache/xdg-cache"
    npm install --no-save --unsafe-perm --loglevel=error "code-server@$CODE_SERVER_VERSION"
  )
  [[ -f "$server_main" ]] || { log "install finished but $server_main is missing"; exit 1; }
fi

log "ready: $(installed_version) at $prefix ($((SECONDS - started)) s)"
