"""``baccarat-table broker-access add-table|add-pit|remove|list``: the floor broker's logins,
one for each table and each pit, in Mosquitto's password file and ACL file (docs/deployment.md,
"The broker: a login for each table"). Their code is controller/feed/broker_access.py."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from common.errors import UserError

PASSWORDS = "/etc/mosquitto/baccarat.passwd"
ACL = "/etc/mosquitto/baccarat.acl"
RELOAD = "reload the broker for it to take them: systemctl reload mosquitto"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("The floor broker's logins: a table's is its table id and may write "
                          "only its own topics; a pit's reads every table's and writes "
                          "nothing. Writes Mosquitto's password_file and acl_file "
                          "(docs/deployment.md).")
    files = argparse.ArgumentParser(add_help=False)
    files.add_argument("--passwords", metavar="PATH", default=PASSWORDS,
                       help=f"Mosquitto's password_file (default {PASSWORDS})")
    files.add_argument("--acl", metavar="PATH", default=ACL,
                       help=f"Mosquitto's acl_file (default {ACL})")
    adding = argparse.ArgumentParser(add_help=False, parents=[files])
    adding.add_argument("--topic-prefix", metavar="P", default="baccarat",
                        help="the feed's topic prefix (default baccarat)")
    adding.add_argument("--out", metavar="FILE", help="write the new password to FILE "
                        "(mode 0600), for the table's or pit's password_file, instead of "
                        "printing it")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    table = actions.add_parser("add-table", parents=[adding], help="a table's login, or a new "
                               "password for it: its table id, writing only <prefix>/ID/#")
    table.add_argument("name", metavar="ID")
    pit = actions.add_parser("add-pit", parents=[adding], help="a pit's login, or a new "
                             "password for it: reading every table's topics, writing nothing")
    pit.add_argument("name", metavar="NAME")
    remove = actions.add_parser("remove", parents=[files], help="take a login away")
    remove.add_argument("name", metavar="NAME")
    actions.add_parser("list", parents=[files], help="each login, its kind and its topics")
    parser.set_defaults(handler=run_broker_access)


def run_broker_access(args: argparse.Namespace) -> int:
    from controller.feed.broker_access import (
        PIT,
        TABLE,
        BrokerAccess,
        BrokerAccessError,
        login_for,
        write_secret,
    )

    try:
        access = BrokerAccess(Path(args.passwords), Path(args.acl))
        if args.action in ("add-table", "add-pit"):
            kind = TABLE if args.action == "add-table" else PIT
            login = login_for(args.name, kind, args.topic_prefix)
            password = access.add(login)
            what = "writes only" if kind == TABLE else "reads, writes nothing"
            print(f"broker login {login.name!r} ({kind}: {what} {login.topic}) saved in "
                  f"{args.passwords} and {args.acl}; {RELOAD}")
            section = "[feed]" if kind == TABLE else "[pit]"
            secret = args.out or "broker-password"
            print(f"In the {kind}'s config, its password alone in the file {secret}:")
            print(f"{section}\nusername = {json.dumps(login.name)}\n"
                  f"password_file = {json.dumps(secret)}")
            if kind == PIT:  # the broker gives each login's client the login's name
                print(f"client_id = {json.dumps(login.name)}")
            if args.out:
                write_secret(Path(args.out), password)
                print(f"its password is in {args.out} (mode 0600)")
            else:
                print("its password (shown once; broker-access add again gives a new one):")
                print(password)
        elif args.action == "remove":
            login = access.remove(args.name)
            print(f"broker login {login.name!r} ({login.kind}) removed; {RELOAD}")
        else:
            for login in access.logins.values():
                print(f"{login.name} {login.kind} {login.topic}")
    except BrokerAccessError as error:
        raise UserError(str(error)) from None
    return 0
