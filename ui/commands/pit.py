"""``baccarat-table pit``: the floor dashboard fed by every table's feed (docs/pit.md). Its
code is the pit package; this only reads the options."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("The pit: every table's feed in one browser page and JSON API "
                          "(docs/pit.md). Options override the config's [pit] keys.")
    parser.add_argument("--config", metavar="FILE", help="a TOML file with a [pit] table")
    parser.add_argument("--broker", metavar="URL", help="mqtt://HOST[:PORT] or mqtts://..., "
                        "or a cluster's nodes: mqtt://HOST[:PORT],HOST[:PORT],...")
    parser.add_argument("--protocol", metavar="VERSION",
                        help="the MQTT version: 5 (default) or 3.1.1")
    parser.add_argument("--topic-prefix", metavar="P", help="the feed's prefix (baccarat)")
    parser.add_argument("--listen", metavar="HOST:PORT", help="default 127.0.0.1:8080")
    parser.add_argument("--store", metavar="PATH", help="the pit's SQLite store")
    parser.add_argument("--users", metavar="PATH", dest="users_file",
                        help="the pit users' file (baccarat-table pit-user)")
    for key in ("ca-file", "cert-file", "key-file", "username", "password-file", "client-id"):
        parser.add_argument(f"--{key}", metavar="VALUE", help=f"as [pit] {key.replace('-', '_')}")
    parser.set_defaults(handler=run_pit)


def run_pit(args: argparse.Namespace) -> int:
    from pit.service import serve
    from pit.settings import load_settings

    keys = ("broker", "topic_prefix", "listen", "store", "users_file", "ca_file", "cert_file",
            "key_file", "username", "password_file", "client_id", "protocol")
    return serve(load_settings(args.config, {key: getattr(args, key) for key in keys}))
