#!/usr/bin/env bash
# Install the baccarat table on this PC, or remove it again. See docs/deployment.md.
#
#   sudo systemd/install.sh [--shoe VENDOR:PRODUCT:SERIAL]   install or update (run it again any time)
#   sudo systemd/install.sh --uninstall [--purge]            remove the program, units and rule
#   systemd/install.sh --shoe-rule VENDOR:PRODUCT:SERIAL     print the udev rule for a shoe
#
# Install: the fonts and system libraries the display needs (apt), the user "baccarat", the
# program in /opt/baccarat-table/venv, /etc/baccarat-table/table.toml (only if absent), the unit
# and the udev rule; then the service is enabled, and restarted if it was running (an update).
# The journal's daily check is the table's own (docs/journal.md): the timer and service that
# earlier versions installed for it are removed.
# Uninstall keeps the config, the round journal in /var/lib/baccarat-table and the user unless
# --purge is given: the journal is the record of play.
set -euo pipefail

NAME=baccarat-table
USER_NAME=baccarat
PREFIX=/opt/$NAME
CONFIG_DIR=/etc/$NAME
STATE_DIR=/var/lib/$NAME
UNIT=/etc/systemd/system/$NAME.service
# Earlier versions' daily check of the journal, which the table now runs itself: their result
# file was a checkpoint anyone who can write the journal's folder could forge.
RETIRED_UNITS=(baccarat-journal-verify.timer baccarat-journal-verify.service)
RULE=/etc/udev/rules.d/99-baccarat-shoe.rules
SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Fonts for every display language (CJK; Greek, Cyrillic, Arabic) and what Qt's eglfs needs.
PACKAGES=(
    python3 python3-venv
    fonts-noto-cjk fonts-noto-core fonts-dejavu-core
    libegl1 libgl1 libgbm1 libdrm2 libegl-mesa0 libgl1-mesa-dri
    libfontconfig1 libxkbcommon0 libdbus-1-3 libglib2.0-0
)
GROUPS_NEEDED=(dialout video render input)

say() { printf '%s: %s\n' "$NAME install" "$*"; }
die() { printf '%s: error: %s\n' "$NAME install" "$*" >&2; exit 1; }

usage() { sed -n '2,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

# "0403:6001:A1B2C3" -> the udev rule with those values in place of the placeholders.
shoe_rule() {
    local vendor product serial
    IFS=: read -r vendor product serial <<<"$1"
    [[ $vendor =~ ^[0-9a-fA-F]{4}$ ]] || die "--shoe $1: vendor id '$vendor' is not 4 hex digits (udevadm info shows idVendor)"
    [[ $product =~ ^[0-9a-fA-F]{4}$ ]] || die "--shoe $1: product id '$product' is not 4 hex digits (udevadm info shows idProduct)"
    [[ $serial =~ ^[A-Za-z0-9._-]+$ ]] || die "--shoe $1: serial number '$serial' must be letters, digits, '.', '_' or '-' (udevadm info shows serial)"
    sed -e "s/ATTRS{idVendor}==\"[^\"]*\"/ATTRS{idVendor}==\"${vendor,,}\"/g" \
        -e "s/ATTRS{idProduct}==\"[^\"]*\"/ATTRS{idProduct}==\"${product,,}\"/g" \
        -e "s/ATTRS{serial}==\"[^\"]*\"/ATTRS{serial}==\"$serial\"/g" \
        -e "s/^# The values below are placeholders.*/# Written by install.sh for shoe $1./" \
        "$SOURCE/systemd/99-baccarat-shoe.rules"
}

install_packages() {
    if ! command -v apt-get >/dev/null; then
        say "no apt-get here: install the equivalents of ${PACKAGES[*]} yourself"
        return
    fi
    say "installing fonts and display libraries"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install --yes --no-install-recommends "${PACKAGES[@]}" >/dev/null
}

create_user() {
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! getent passwd "$USER_NAME" >/dev/null; then
        say "creating system user $USER_NAME"
        useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "baccarat table" "$USER_NAME"
    fi
}

install_program() {
    say "installing the program into $PREFIX/venv"
    install -d -m 0755 "$PREFIX" "$PREFIX/docs"
    [[ -x $PREFIX/venv/bin/python ]] || python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade pip
    # A copy, not a link to the source tree (pip reinstalls a local tree on every run).
    "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade "$SOURCE"
    install -m 0644 "$SOURCE"/docs/*.md "$PREFIX/docs/"
}

install_config() {
    install -d -m 0750 -o root -g "$USER_NAME" "$CONFIG_DIR"
    if [[ -e $CONFIG_DIR/table.toml ]]; then
        say "keeping $CONFIG_DIR/table.toml"
    else
        install -m 0640 -o root -g "$USER_NAME" "$SOURCE/systemd/table.toml.example" "$CONFIG_DIR/table.toml"
        say "wrote $CONFIG_DIR/table.toml: set the table id, the shoe and the supervisor PIN"
    fi
}

install_rule() {
    local shoe=$1
    if [[ -n $shoe ]]; then
        shoe_rule "$shoe" >"$RULE.new"
        mv "$RULE.new" "$RULE"
        say "wrote $RULE for shoe $shoe"
    elif [[ ! -e $RULE ]]; then
        install -m 0644 "$SOURCE/systemd/99-baccarat-shoe.rules" "$RULE"
        say "wrote $RULE with placeholder ids: rerun with --shoe VENDOR:PRODUCT:SERIAL"
    else
        say "keeping $RULE"
    fi
    chmod 0644 "$RULE"
    udevadm control --reload
    udevadm trigger --subsystem-match=tty --subsystem-match=usb-serial --action=add
}

install_unit() {
    install -m 0644 "$SOURCE/systemd/$NAME.service" "$UNIT"
    systemctl daemon-reload
    systemctl enable "$NAME.service" >/dev/null
    if systemctl is-active --quiet "$NAME.service"; then
        say "restarting the running table on the new version"
        systemctl restart "$NAME.service"
    else
        say "enabled $NAME.service: it starts at boot, or now with: systemctl start $NAME"
    fi
    retire_units
    # eglfs draws on the bare screen: a desktop holding the GPU would keep it dark.
    if systemctl is-enabled --quiet display-manager.service 2>/dev/null; then
        say "warning: a display manager is enabled; the table display needs the console:"
        say "    systemctl disable display-manager && systemctl set-default multi-user.target"
    fi
}

# Stop, disable and remove the units of earlier versions that this one no longer has.
retire_units() {
    local unit
    for unit in "${RETIRED_UNITS[@]}"; do
        [[ -e /etc/systemd/system/$unit ]] || continue
        systemctl disable --now "$unit" 2>/dev/null || true
        rm -f "/etc/systemd/system/$unit"
        systemctl daemon-reload
        say "removed $unit: the table checks its journal itself now"
    done
}

uninstall() {
    local purge=$1
    retire_units
    if [[ -e $UNIT ]]; then
        systemctl disable --now "$NAME.service" 2>/dev/null || true
        rm -f "$UNIT"
        systemctl daemon-reload
        systemctl reset-failed "$NAME.service" 2>/dev/null || true
    fi
    if [[ -e $RULE ]]; then
        rm -f "$RULE"
        udevadm control --reload
    fi
    rm -rf "$PREFIX"
    if [[ $purge == yes ]]; then
        rm -rf "$CONFIG_DIR" "$STATE_DIR" "/var/cache/$NAME"
        if getent passwd "$USER_NAME" >/dev/null; then
            userdel "$USER_NAME"
        fi
        say "removed the program, the config, the journal and the user"
    else
        say "removed the program, the units and the udev rule;"
        say "kept $CONFIG_DIR, the journal in $STATE_DIR and user $USER_NAME (--purge removes them)"
    fi
}

main() {
    local action=install shoe="" purge=no command="$0 $*"
    while (($#)); do
        case $1 in
        --shoe) [[ $# -ge 2 ]] || die "--shoe needs VENDOR:PRODUCT:SERIAL"; shoe=$2; shift ;;
        --shoe-rule) [[ $# -ge 2 ]] || die "--shoe-rule needs VENDOR:PRODUCT:SERIAL"; shoe_rule "$2"; return ;;
        --uninstall) action=uninstall ;;
        --purge) purge=yes ;;
        -h | --help) usage; return ;;
        *) die "unknown option '$1' (see --help)" ;;
        esac
        shift
    done
    if [[ $purge == yes && $action != uninstall ]]; then
        die "--purge goes with --uninstall"
    fi
    if ((EUID != 0)); then
        die "must be run as root to $action the table (try: sudo $command)"
    fi
    if [[ $action == uninstall ]]; then
        uninstall "$purge"
        return
    fi
    [[ -n $shoe ]] && shoe_rule "$shoe" >/dev/null  # refuse a bad --shoe before changing anything
    install_packages
    create_user
    install_program
    install_config
    install_rule "$shoe"
    install_unit
}

main "$@"
