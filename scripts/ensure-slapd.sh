#!/usr/bin/env bash
# The LDAP sign-in tests run their own OpenLDAP server (Debian's slapd, with ldap-utils to load it),
# never a downloaded one. `npm test` runs this first: on a fresh machine it installs the packages and
# says so. The instance the package starts is stopped: the tests start theirs on a private port.
set -euo pipefail
if [ -x /usr/sbin/slapd ] && command -v ldapadd >/dev/null 2>&1; then exit 0; fi
echo "npm test: the LDAP tests need Debian's slapd and ldap-utils, which are not installed; installing them." >&2
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "npm test: cannot install them here (needs root and apt-get). Run: sudo apt-get update && sudo apt-get install -y slapd ldap-utils" >&2
  exit 1
fi
apt-get update -qq
# No debconf question stops the install; a policy-rc.d keeps the package's own slapd from starting (one
# already there, as in container images, is left as it is).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slapd ldap-utils >/dev/null
echo "npm test: slapd and ldap-utils installed." >&2
