"""``baccarat-table pit-user add|remove|list|token``: the pit's users, their roles and their
API tokens (docs/pit.md, "Pit users"). Their code is the pit package; this reads the options
and asks for the password."""

from __future__ import annotations

import argparse
import getpass
import sys

from common.errors import UserError
from common.user_paths import read_password


def configure(parser: argparse.ArgumentParser) -> None:
    from pit.roles import ROLES

    parser.description = ("The pit users' file: names, roles, scrypt hashes of their "
                          "passwords and hashes of their API tokens, mode 0600 (docs/pit.md). "
                          "The pit reads it again when it changes.")
    where = argparse.ArgumentParser(add_help=False)  # the file: the same for each action
    where.add_argument("--config", metavar="FILE", help="a TOML file whose [pit] users_file "
                       "names the file")
    where.add_argument("--users", metavar="PATH", help="the users file (overrides the config; "
                       "default $STATE_DIRECTORY/users, /var/lib/baccarat-pit/users)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser("add", parents=[where],
                             help="add a user, or give one a new password (and role)")
    add.add_argument("name")
    add.add_argument("--role", choices=ROLES, help="viewer (reads the floor, the tables and "
                     "the alerts), supervisor (also acknowledges alerts) or surveillance (also "
                     "sees the side bets' exposure); a new user is a viewer unless told, one "
                     "already in the file keeps their role")
    add.add_argument("--password-file", metavar="FILE", help="read the password from the "
                     "file's first line instead of asking on the terminal")
    remove = actions.add_parser("remove", parents=[where],
                                help="remove a user (their sessions end)")
    remove.add_argument("name")
    actions.add_parser("list", parents=[where], help="the users' names and roles")
    token = actions.add_parser("token", parents=[where], help="a new API token for a user, "
                               "printed on the last line (the one they had stops working)")
    token.add_argument("name")
    token.add_argument("--revoke", action="store_true",
                       help="take the user's API token away, giving no new one")
    parser.set_defaults(handler=run_pit_user)


def run_pit_user(args: argparse.Namespace) -> int:
    from pit.settings import load_settings
    from pit.users import Users

    settings = load_settings(args.config, {"users_file": args.users})
    users = Users(settings.users_file)
    if args.action == "add":
        users.add(args.name, password(args.password_file), args.role)
        print(f"pit user {args.name!r} ({users.users[args.name].role}) saved in "
              f"{users.path}")
    elif args.action == "remove":
        users.remove(args.name)
        print(f"pit user {args.name!r} removed from {users.path}")
    elif args.action == "token" and args.revoke:
        users.revoke_token(args.name)
        print(f"pit user {args.name!r}: API token revoked")
    elif args.action == "token":
        secret = users.new_token(args.name)
        print(f"pit user {args.name!r} ({users.users[args.name].role}): a new API token, "
              "sent as 'Authorization: Bearer TOKEN' (shown once; any earlier one no "
              "longer works):")
        print(secret)
    else:
        for name in users.names():
            user = users.users[name]
            print(f"{name} {user.role}{' token' if user.token else ''}")
    return 0


def password(password_file: str | None) -> str:
    if password_file is not None:
        lines = read_password(password_file, "--password-file").splitlines()
        return lines[0] if lines else ""
    if not sys.stdin.isatty():
        raise UserError("no terminal to ask the password on: give --password-file FILE")
    first = getpass.getpass("password: ")
    if getpass.getpass("again: ") != first:
        raise UserError("the two passwords differ")
    return first
